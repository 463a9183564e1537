import {
  assetTransitionRefusal,
  CUSTODY_PROCESS,
  CUSTODY_TRANSACTION_TYPES,
  type CustodyFields,
  type CustodyTransactionType,
  DEALS_MSG,
  formatCOP,
  OWNERSHIP_TRANSFER_TYPES,
  saleRefusal,
} from "@valoriza/domain";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { conflict, forbidden, notFound, unprocessable } from "../../lib/errors.ts";
import type { MovimientoTipo, TransaccionTipo } from "../activity/index.ts";
import type { AssetRow } from "../assets/index.ts";
import { type DealRow, inputOf, type ProcessHandlers, type TransitionContext } from "../deals/index.ts";
import { type CustodyRow, findCustody, updateCustody } from "./custody.repository.ts";

/**
 * The guards, fields and record of the custody process (CUSTODY_PROCESS in the domain package). Its
 * effects (escrow, the asset, activity, notifications) are the library's, configured in the table
 * with its templates (ADR 025); a custom effect would go in `effects` here.
 */

type Ctx = TransitionContext<CustodyRow>;

/** Input of the 'comprar' transition (checked under the asset lock). */
const purchaseInputSchema = z.object({
  vendedorId: z.string(),
  /** The price the buyer saw, in the unit of the payment mode; undefined = the server's price. */
  monto: z.number().optional(),
  modoPago: z.enum(["creditos", "dinero"]),
});
export type PurchaseInput = z.output<typeof purchaseInputSchema>;
/** Input of the 'confirmar' transition: the code the receiver typed. */
const codeInputSchema = z.object({ code: z.string().optional() });

const MOVEMENT_TIPO: Record<CustodyTransactionType, MovimientoTipo> = {
  venta: "venta",
  intercambio: "intercambio",
  prestamo: "prestamo",
  alquiler: "alquiler",
};
const TRANSACTION_TYPE: Record<CustodyTransactionType, TransaccionTipo> = {
  venta: "venta",
  intercambio: "intercambio",
  prestamo: "préstamo",
  alquiler: "alquiler",
};

/** The custody's kind of transaction, if it is one of the known ones. */
const kindOf = (c: CustodyRow): CustodyTransactionType | undefined =>
  CUSTODY_TRANSACTION_TYPES.find((t) => t === c.tipoTransaccion);

function assetOf(ctx: Ctx): AssetRow {
  if (!ctx.asset) throw notFound(DEALS_MSG.assetNotFound);
  return ctx.asset;
}

export const custodyHandlers: ProcessHandlers<CustodyRow> = {
  async load(tx: Tx, deal: DealRow) {
    const c = await findCustody(tx, deal.id);
    if (!c) throw new Error(`custody: record of deal ${deal.id} missing`);
    return c;
  },

  guards: {
    /** A sale: the asset is for sale, not the buyer's, sold by whom the buyer saw, at the price they saw. */
    activoEnVenta(ctx) {
      const a = assetOf(ctx);
      const input = inputOf(ctx, purchaseInputSchema);
      const refusal = saleRefusal(a, ctx.data.receptorId);
      if (refusal === "propio") throw forbidden(DEALS_MSG.ownAsset);
      if (refusal === "no_en_venta") throw conflict(DEALS_MSG.notForSale);
      if (refusal === "no_disponible") throw conflict(DEALS_MSG.notAvailable);
      if (input.vendedorId !== a.userId) throw conflict(DEALS_MSG.sellerMismatch);
      const price = input.modoPago === "creditos" ? ctx.data.pagoCreditos : ctx.data.montoCOP;
      if (input.monto !== undefined && input.monto !== price)
        throw conflict(DEALS_MSG.priceChanged(price, input.modoPago));
    },
    /** An assigned custody: the offerer's own asset, free to go into a deal. */
    activoDisponible(ctx) {
      const a = assetOf(ctx);
      if (a.userId !== ctx.data.oferenteId) throw forbidden(DEALS_MSG.notYourAsset);
      if (assetTransitionRefusal(a, "reservar")) throw conflict(DEALS_MSG.notAvailable);
    },
    activoEnOperacion(ctx) {
      if (assetOf(ctx).status !== "operacion") throw conflict(DEALS_MSG.notAvailable);
    },
    codigoCorrecto(ctx) {
      const { code } = inputOf(ctx, codeInputSchema);
      if (code !== ctx.data.codigo) throw unprocessable(DEALS_MSG.wrongCode);
    },
  },

  effects: {},

  fields: (ctx): CustodyFields => {
    const c = ctx.data;
    const kind = kindOf(c);
    return {
      titulo: ctx.asset?.title ?? "",
      pago: c.pagoCreditos,
      pagaEnCreditos: c.modoPago === "creditos",
      montoCOP: c.montoCOP,
      montoTexto: formatCOP(c.montoCOP),
      liberados: ctx.result.creditosLiberados ?? 0,
      enRevision: ctx.result.creditosEnRevision ?? 0,
      transfiere: kind !== undefined && OWNERSHIP_TRANSFER_TYPES.includes(kind),
      movimiento: kind ? MOVEMENT_TIPO[kind] : "venta",
      transaccion: kind ? TRANSACTION_TYPE[kind] : "venta",
      assetId: c.assetId,
    };
  },

  async onState(ctx) {
    const closed = ctx.process.states[ctx.to]?.final === true;
    await updateCustody(ctx.tx, ctx.deal.id, {
      estado: ctx.to,
      ...(closed ? { fechaSalida: ctx.now, fechaLimite: null } : {}),
    });
  },
};

export const CUSTODY = CUSTODY_PROCESS;
