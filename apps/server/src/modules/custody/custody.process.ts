import {
  assetTransitionRefusal,
  CUSTODY_ACTIVITY_TYPES,
  CUSTODY_TRANSACTION_TYPES,
  type CustodyFields,
  type CustodyTransactionType,
  DEALS_MSG,
  type DisputeFields,
  formatCOP,
  OWNERSHIP_TRANSFER_TYPES,
  saleRefusal,
} from "@valoriza/domain";
import { z } from "zod";
import { conflict, forbidden, unprocessable } from "../../lib/errors.ts";
import { assetInDeal, dealAsset, inputOf, type ProcessHandlers, recordOf } from "../deals/index.ts";
import { type CustodyRow, findCustody, foreseeCustody, updateCustody } from "./custody.repository.ts";
import { abrirDisputa, cerrarDisputa, disputeFields } from "./disputes.process.ts";

/**
 * The guards, fields and record of the custody process (CUSTODY_PROCESS in the domain package). Its
 * effects (escrow, the asset, activity, notifications) are the library's, configured in the table
 * with its templates (ADR 026); a custom effect would go in `effects` here.
 */

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

/** The custody's kind of transaction, if it is one of the known ones. */
const kindOf = (c: CustodyRow): CustodyTransactionType | undefined =>
  CUSTODY_TRANSACTION_TYPES.find((t) => t === c.tipoTransaccion);

export const custodyHandlers: ProcessHandlers<CustodyRow> = {
  load: recordOf(findCustody, "custody: record"),
  // A step's opening sends the record's read with BEGIN (custody.service, issue 21).
  foresee: { load: foreseeCustody },

  guards: {
    /** A sale: the asset is for sale, not the buyer's, sold by whom the buyer saw, at the price they saw. */
    activoEnVenta(ctx) {
      const a = dealAsset(ctx);
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
      const a = dealAsset(ctx);
      if (a.userId !== ctx.data.oferenteId) throw forbidden(DEALS_MSG.notYourAsset);
      if (assetTransitionRefusal(a, "reservar")) throw conflict(DEALS_MSG.notAvailable);
    },
    activoEnOperacion: assetInDeal(DEALS_MSG.notAvailable),
    codigoCorrecto(ctx) {
      const { code } = inputOf(ctx, codeInputSchema);
      if (code !== ctx.data.codigo) throw unprocessable(DEALS_MSG.wrongCode);
    },
  },

  // The dispute record (issue 19): opened by a party, closed by the admin's decision.
  effects: { abrirDisputa, cerrarDisputa },

  fields: (ctx): CustodyFields & DisputeFields => {
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
      ...CUSTODY_ACTIVITY_TYPES[kind ?? "venta"],
      assetId: c.assetId,
      ...disputeFields(ctx),
    };
  },

  onState: ({ tx, deal, to, now }) =>
    updateCustody(tx, deal.id, { estado: to, ...(deal.closedAt ? { fechaSalida: now, fechaLimite: null } : {}) }),
};
