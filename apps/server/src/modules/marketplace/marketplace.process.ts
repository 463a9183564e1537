import { MARKETPLACE_MSG, type PurchaseFields, TASA_CAMBIO_COP } from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import { conflict } from "../../lib/errors.ts";
import type { DealRow, ProcessHandlers } from "../deals/index.ts";
import {
  findProduct,
  findPurchase,
  type PurchaseRow,
  putBackOneUnit,
  setPurchaseState,
  takeOneUnit,
} from "./marketplace.repository.ts";

/**
 * Guards and effects of the purchase process (PURCHASE_PROCESS in the domain
 * package). Lock order: the product row (conditional UPDATE), then the ledger's
 * accounts; a cancellation puts the unit back BEFORE refunding, so it takes the
 * same order and never deadlocks with a purchase of the same product. The buyer's
 * activity and notification are the table's library effects over `fields` (ADR 026).
 */
export interface PurchaseData {
  purchase: PurchaseRow;
  nombre: string;
}

export const purchaseHandlers: ProcessHandlers<PurchaseData> = {
  async load(tx: Tx, deal: DealRow) {
    const purchase = await findPurchase(tx, deal.id);
    if (!purchase) throw new Error(`marketplace: purchase of deal ${deal.id} missing`);
    const product = await findProduct(tx, purchase.productId);
    return { purchase, nombre: product?.nombre ?? "" };
  },
  guards: {},
  effects: {
    /** One unit out of stock at the price the buyer saw (then the library's `cobrar` takes the credits). */
    async descontarStock(ctx) {
      const p = ctx.data.purchase;
      const taken = await takeOneUnit(ctx.tx, p.productId, ctx.now);
      if (!taken) throw conflict(MARKETPLACE_MSG.outOfStock);
      if (taken.creditos !== p.creditos) throw conflict("El precio de este producto cambió; revisa el nuevo precio");
      ctx.result.stock = taken.stock;
    },
    async reponerStock(ctx) {
      await putBackOneUnit(ctx.tx, ctx.data.purchase.productId, ctx.now);
    },
  },
  fields: ({ data }): PurchaseFields => ({
    nombre: data.nombre,
    creditos: data.purchase.creditos,
    cop: data.purchase.creditos * TASA_CAMBIO_COP,
  }),
  async onState(ctx) {
    await setPurchaseState(ctx.tx, ctx.deal.id, ctx.to, ctx.now);
  },
};
