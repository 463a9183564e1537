import { MARKETPLACE_MSG, TASA_CAMBIO_COP } from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import { conflict } from "../../lib/errors.ts";
import { recordMovement, recordTransaction } from "../activity/index.ts";
import type { DealRow, ProcessHandlers, TransitionContext } from "../deals/index.ts";
import { shopPay, shopRefund } from "../ledger/index.ts";
import { notify } from "../notifications/index.ts";
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
 * same order and never deadlocks with a purchase of the same product.
 */
export interface PurchaseData {
  purchase: PurchaseRow;
  nombre: string;
}
type Ctx = TransitionContext<PurchaseData>;

const fmt = (n: number) => n.toLocaleString("es-CO");

function lines(ctx: Ctx) {
  const { purchase: p, nombre } = ctx.data;
  switch (ctx.transition) {
    case "comprar":
      return {
        titulo: "Compra en el Marketplace",
        texto: `Compraste "${nombre}" por ${fmt(p.creditos)} créditos. Estado: pendiente de entrega.`,
        valor: -p.creditos,
      };
    case "entregar":
      return {
        titulo: "Compra entregada",
        texto: `Tu compra "${nombre}" del Marketplace fue entregada.`,
        valor: 0,
      };
    default: {
      const why = ctx.transition === "expirar" ? "venció sin entregarse (30 días)" : "fue cancelada por Valoriza";
      return {
        titulo: "Compra cancelada",
        texto: `Tu compra "${nombre}" del Marketplace ${why}. Te devolvimos ${fmt(p.creditos)} créditos.`,
        valor: p.creditos,
      };
    }
  }
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
    async cobrarYDescontarStock(ctx) {
      const p = ctx.data.purchase;
      const taken = await takeOneUnit(ctx.tx, p.productId, ctx.now);
      if (!taken) throw conflict(MARKETPLACE_MSG.outOfStock);
      if (taken.creditos !== p.creditos) throw conflict("El precio de este producto cambió; revisa el nuevo precio");
      ctx.result.creditosRestantes = await shopPay(ctx.tx, {
        userId: p.buyerId,
        amount: p.creditos,
        refId: p.id,
        description: `Compra en el Marketplace: ${ctx.data.nombre}`,
      });
      ctx.result.stock = taken.stock;
    },
    async reponerStock(ctx) {
      await putBackOneUnit(ctx.tx, ctx.data.purchase.productId, ctx.now);
    },
    async reembolsar(ctx) {
      const p = ctx.data.purchase;
      ctx.result.creditosRestantes = await shopRefund(ctx.tx, {
        userId: p.buyerId,
        amount: p.creditos,
        refId: p.id,
        actorUserId: ctx.actorUserId,
        description: `Reembolso de la compra: ${ctx.data.nombre}`,
      });
    },
    async registrarActividad(ctx) {
      const p = ctx.data.purchase;
      const l = lines(ctx);
      await recordMovement(ctx.tx, { userId: p.buyerId, tipo: "compra", descripcion: l.texto, valor: l.valor });
      await recordTransaction(ctx.tx, {
        userId: p.buyerId,
        type: "compra",
        amountCOP: p.creditos * TASA_CAMBIO_COP,
        amountCredits: p.creditos,
        description: l.texto,
      });
    },
    async notificarComprador(ctx) {
      const l = lines(ctx);
      await notify(ctx.tx, {
        userId: ctx.data.purchase.buyerId,
        tipo: `compra_tienda_${ctx.to}`,
        titulo: l.titulo,
        descripcion: l.texto,
        relacionadoId: ctx.deal.id,
        relacionadoTipo: "transaccion",
      });
    },
  },
  async onState(ctx) {
    await setPurchaseState(ctx.tx, ctx.deal.id, ctx.to, ctx.now);
  },
};
