import {
  colombianMonth,
  isWalletMethod,
  type ResolveWithdrawalInput,
  resolveWithdrawalInputSchema,
  TASA_CAMBIO_COP,
  WITHDRAWAL_METHOD_LABELS,
  WITHDRAWALS_MSG,
  type WithdrawalFields,
  type WithdrawalMethod,
  walletCapCheck,
} from "@valoriza/domain";
import { unprocessable } from "../../lib/errors.ts";
import { inputOf, type ProcessHandlers, recordOf, type TransitionContext } from "../deals/index.ts";
import type { PayoutProvider } from "./withdrawals.payout.ts";
import {
  destinationMonthCOP,
  findWithdrawal,
  lockDestination,
  updateWithdrawal,
  type WithdrawalRow,
} from "./withdrawals.repository.ts";

/** Input of the admin's transitions. */
export type ResolveInput = ResolveWithdrawalInput;

type Ctx = TransitionContext<WithdrawalRow>;

export function withdrawalHandlers(provider: PayoutProvider): ProcessHandlers<WithdrawalRow> {
  const reload = async (ctx: Ctx) => {
    const w = await findWithdrawal(ctx.tx, ctx.deal.id);
    if (w) ctx.data = w;
  };
  return {
    load: recordOf(findWithdrawal, "withdrawals: record"),
    guards: {
      /** Nequi/Daviplata: the month's total to that number stays within 210.5 UVT. */
      async dentroDelTope(ctx) {
        const w = ctx.data;
        if (!isWalletMethod(w.metodo)) return;
        await lockDestination(ctx.tx, w.destinoHuella);
        const month = colombianMonth(ctx.now);
        const already = await destinationMonthCOP(ctx.tx, w.destinoHuella, month.start, month.end);
        const check = walletCapCheck(already, w.valorCOP, TASA_CAMBIO_COP);
        if (!check.ok) {
          throw unprocessable(
            WITHDRAWALS_MSG.capExceeded(w.metodo as WithdrawalMethod, already, check.remainingCredits),
            { topeMensualCOP: check.remainingCOP + already, yaRetiradoCOP: already },
          );
        }
      },
    },
    effects: {
      async registrarPago(ctx) {
        const w = ctx.data;
        const input = inputOf(ctx, resolveWithdrawalInputSchema);
        const paid = await provider.pay({
          withdrawalId: w.id,
          metodo: w.metodo as WithdrawalMethod,
          valorCOP: w.valorCOP,
          destino: w.destino ?? {},
          referencia: input.referencia,
        });
        if (paid.status === "fallido") throw unprocessable(paid.motivo);
        await updateWithdrawal(ctx.tx, w.id, {
          referencia: paid.referencia,
          proveedor: provider.name,
          resueltoPor: ctx.actorUserId,
        });
        await reload(ctx);
      },
      /** After the library's refund (devolverCreditos): the admin's reason, and who resolved it. */
      async anotarRechazo(ctx) {
        const input = inputOf(ctx, resolveWithdrawalInputSchema);
        await updateWithdrawal(ctx.tx, ctx.data.id, { motivo: input.motivo || null, resueltoPor: ctx.actorUserId });
        await reload(ctx);
      },
      async ocultarDestino(ctx) {
        // Final: the payout no longer needs the destination; only 'Nequi ••••4567' stays.
        await updateWithdrawal(ctx.tx, ctx.data.id, { destino: null });
        await reload(ctx);
      },
    },
    fields: ({ data: w }): WithdrawalFields => ({
      monto: w.monto,
      valorCOP: w.valorCOP,
      metodo: WITHDRAWAL_METHOD_LABELS[w.metodo as WithdrawalMethod],
      via: `${WITHDRAWAL_METHOD_LABELS[w.metodo as WithdrawalMethod]} (${w.destinoMascara})`,
      referencia: w.referencia ?? "",
      motivo: w.motivo,
    }),
    async onState(ctx) {
      await updateWithdrawal(ctx.tx, ctx.deal.id, { estado: ctx.to, updatedAt: ctx.now });
    },
  };
}
