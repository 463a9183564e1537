import { createHash } from "node:crypto";
import {
  ADMIN_MSG,
  type AdminWithdrawal,
  isWalletMethod,
  maskDigits,
  type RequestWithdrawalData,
  TASA_CAMBIO_COP,
  WITHDRAWAL_METHOD_LABELS,
  WITHDRAWAL_PROCESS,
  WITHDRAWALS_MSG,
  type Withdrawal,
  type WithdrawalMethod,
  type WithdrawalState,
} from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import type { WithdrawalDestination } from "../../db/schema/index.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import type { DealsEngine } from "../deals/index.ts";
import { manualPayout, type PayoutProvider } from "./withdrawals.payout.ts";
import { type ResolveInput, withdrawalHandlers } from "./withdrawals.process.ts";
import {
  findWithdrawalView,
  insertWithdrawal,
  listUserWithdrawals,
  listWithdrawalViews,
  type WithdrawalRow,
  type WithdrawalView,
} from "./withdrawals.repository.ts";

export const toWithdrawalDto = (w: WithdrawalRow): Withdrawal => ({
  _id: w.id,
  tipo: w.tipo as Withdrawal["tipo"],
  monto: w.monto,
  valorCOP: w.valorCOP,
  metodo: w.metodo as WithdrawalMethod,
  estado: w.estado as WithdrawalState,
  destino: w.destinoMascara,
  referencia: w.referencia,
  motivo: w.motivo,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
});

const toAdminDto = (v: WithdrawalView): AdminWithdrawal => ({
  ...toWithdrawalDto(v.w),
  usuario: { _id: v.w.userId, name: v.name, apellido: v.apellido, email: v.email },
  destinoCompleto: v.w.estado === "pendiente" ? (v.w.destino ?? null) : null,
  proveedor: v.w.proveedor,
});

/** Only what the payout needs: the phone for a wallet; the bank account for Wompi/PSE. */
function destinationOf(d: RequestWithdrawalData): { destino: WithdrawalDestination; mascara: string; huella: string } {
  const label = WITHDRAWAL_METHOD_LABELS[d.metodo];
  if (isWalletMethod(d.metodo)) {
    const celular = d.celular ?? "";
    return {
      destino: { celular },
      mascara: `${label} ${maskDigits(celular)}`,
      huella: createHash("sha256").update(`${d.metodo}:${celular}`).digest("hex"),
    };
  }
  const numeroCuenta = d.numeroCuenta ?? "";
  return {
    destino: {
      banco: d.banco,
      tipoCuenta: d.tipoCuenta,
      numeroCuenta,
      titular: d.titular,
      tipoDocumento: d.tipoDocumento,
      numeroDocumento: d.numeroDocumento,
    },
    mascara: `${d.banco ?? ""} ${d.tipoCuenta ?? ""} ${maskDigits(numeroCuenta)}`.replace(/\s+/g, " ").trim(),
    huella: createHash("sha256")
      .update(`cuenta:${d.banco ?? ""}:${numeroCuenta}`)
      .digest("hex"),
  };
}

export interface Requested {
  retiro: Withdrawal;
  creditosRestantes: number;
}

export function createWithdrawalsService(
  { db }: AppDeps,
  engine: DealsEngine,
  provider: PayoutProvider = manualPayout,
) {
  engine.register(WITHDRAWAL_PROCESS, withdrawalHandlers(provider));
  const plain = plainUnitOfWork(db);

  return {
    /** POST /retiros (admins only, as the spec says): disponible -> retiros. */
    async request(user: AuthUser, data: RequestWithdrawalData, uow: UnitOfWork<Requested> = plain): Promise<Requested> {
      if (!user.isAdmin) throw forbidden(ADMIN_MSG.restricted);
      const dest = destinationOf(data);
      return uow(async (tx) => {
        const out = await engine.startDetached<WithdrawalRow>(tx, {
          process: WITHDRAWAL_PROCESS.name,
          transition: "solicitar",
          parties: { solicitante: user.id },
          actor: { user },
          build: async (_t, deal) => ({
            id: deal.id,
            userId: user.id,
            tipo: data.tipo,
            monto: data.monto,
            valorCOP: data.monto * TASA_CAMBIO_COP,
            metodo: data.metodo,
            estado: "pendiente",
            destino: dest.destino,
            destinoMascara: dest.mascara,
            destinoHuella: dest.huella,
            proveedor: provider.name,
            referencia: null,
            motivo: null,
            resueltoPor: null,
            createdAt: deal.now,
            updatedAt: deal.now,
          }),
          save: (t, _deal, built) => insertWithdrawal(t, built),
        });
        return { retiro: toWithdrawalDto(out.data), creditosRestantes: out.result.creditosRestantes ?? 0 };
      });
    },

    async listMine(user: AuthUser): Promise<Withdrawal[]> {
      if (!user.isAdmin) throw forbidden(ADMIN_MSG.restricted);
      return (await listUserWithdrawals(db, user.id)).map(toWithdrawalDto);
    },

    // ---- admin operations (the admin service owns the transaction and logs them) ----

    async list(f: { estado?: WithdrawalState; metodo?: WithdrawalMethod; limit: number; offset: number }) {
      const r = await listWithdrawalViews(db, f);
      return { ...r, rows: r.rows.map(toAdminDto) };
    },

    /** PATCH /admin/retiros/{id}: aprobado (paid, with the payout reference) or rechazado (credits back). */
    async resolve(
      tx: Tx,
      admin: AuthUser,
      id: string,
      estado: "aprobado" | "rechazado",
      input: ResolveInput,
    ): Promise<{ retiro: AdminWithdrawal; applied: boolean }> {
      const out = await engine.apply(tx, {
        dealId: id,
        transition: estado === "aprobado" ? "aprobar" : "rechazar",
        actor: { user: admin },
        input,
        process: WITHDRAWAL_PROCESS.name,
        messages: { notFound: WITHDRAWALS_MSG.notFound },
      });
      const v = await findWithdrawalView(tx, id);
      if (!v) throw notFound(WITHDRAWALS_MSG.notFound);
      const retiro = toAdminDto(v);
      // A second approval is not a harmless repeat: it may be a payout made twice by hand (issue 15 item 21).
      if (!out.applied && estado === "aprobado") throw conflict(WITHDRAWALS_MSG.alreadyPaid(retiro.referencia ?? ""));
      return { retiro, applied: out.applied };
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
