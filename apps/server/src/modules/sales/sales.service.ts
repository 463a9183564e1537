import { type CreateSaleData, type Custody, DEALS_MSG } from "@valoriza/domain";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { forbidden } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import type { CustodyService } from "../custody/index.ts";

/** A purchase: the custody it opened (as the buyer sees it) and the buyer's balances. */
export interface Purchase {
  custodia: Custody;
  modoPago: CreateSaleData["modoPago"];
  compradorId: string;
  balances: { creditosDisponibles: number; creditosBloqueados: number; credits: number };
}

/**
 * Sales (deals.md "Sale"): POST /transacciones/crear by the buyer. The buyer is
 * the session user (compradorId must match it), the seller the asset's owner
 * (vendedorId must match it, checked under the asset lock), the price the
 * server's (credits = the asset's credits; cash = credits x 1000 COP). A sent
 * `monto` must equal that price in the chosen unit, else 409; nothing trusts it.
 */
export function createSalesService({ db }: AppDeps, custody: CustodyService) {
  const plain = plainUnitOfWork(db);
  return {
    async create(user: AuthUser, input: CreateSaleData, uow: UnitOfWork<Purchase> = plain): Promise<Purchase> {
      if (input.compradorId !== user.id) throw forbidden(DEALS_MSG.buyerMustBeYou);
      return uow(
        async (tx) => {
          const { custodia, balance } = await custody.openSale(tx, user, {
            activoId: input.activoId,
            vendedorId: input.vendedorId,
            modoPago: input.modoPago,
            monto: input.monto,
          });
          return { custodia, modoPago: input.modoPago, compradorId: user.id, balances: balance };
        },
        custody.saleOpening(user, input.activoId),
      );
    },
  };
}

/** The HTTP body of a purchase (calls-validation-errors §7: response `message`). */
export function purchaseBody(p: Purchase) {
  return {
    success: true as const,
    message: p.modoPago === "creditos" ? DEALS_MSG.purchaseCreated : DEALS_MSG.purchaseCreatedCash,
    custodia: p.custodia,
    transaccion: {
      _id: p.custodia._id,
      activoId: p.custodia.assetId._id,
      compradorId: p.compradorId,
      vendedorId: p.custodia.oferenteId._id,
      modoPago: p.modoPago,
      montoCreditos: p.custodia.pagoCreditos,
      montoCOP: p.custodia.montoCOP,
      estado: p.custodia.estado,
    },
    balanceActualizado: p.balances,
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
