import {
  assetTransitionRefusal,
  CUSTODY_PROCESS,
  type CustodyTransactionType,
  DEALS_MSG,
  formatCOP,
  nextAssetStatus,
  OWNERSHIP_TRANSFER_TYPES,
  saleRefusal,
} from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import { conflict, forbidden, notFound, unprocessable } from "../../lib/errors.ts";
import { type MovimientoTipo, recordMovement, recordTransaction, type TransaccionTipo } from "../activity/index.ts";
import { type AssetRow, updateAsset } from "../assets/index.ts";
import type { DealRow, ProcessHandlers, TransitionContext } from "../deals/index.ts";
import { escrowPay, escrowRefund, escrowRelease, releaseHold } from "../ledger/index.ts";
import { notify } from "../notifications/index.ts";
import { type CustodyRow, findCustody, updateCustody } from "./custody.repository.ts";
import { abrirDisputa, cerrarDisputa, disputeLines } from "./disputes.process.ts";

/**
 * The guards and effects of the custody process (CUSTODY_PROCESS in the domain
 * package): what each named step does, through the other areas' index.ts.
 */

type Ctx = TransitionContext<CustodyRow>;

/** Input of the 'comprar' transition (checked under the asset lock). */
export interface PurchaseInput {
  vendedorId: string;
  /** The price the buyer saw, in the unit of the payment mode; undefined = the server's price. */
  monto: number | undefined;
  modoPago: "creditos" | "dinero";
}

const fmt = (n: number) => n.toLocaleString("es-CO");

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

function assetOf(ctx: Ctx): AssetRow {
  if (!ctx.asset) throw notFound(DEALS_MSG.assetNotFound);
  return ctx.asset;
}

async function setStatus(ctx: Ctx, transition: "reservar" | "liberar") {
  const a = assetOf(ctx);
  ctx.setAsset(await updateAsset(ctx.tx, a.id, { status: nextAssetStatus(a, transition) }));
}

const ref = (ctx: Ctx) => ({ refType: "custodia", refId: ctx.deal.id, actorUserId: ctx.actorUserId });

/** What each party reads in its activity and notifications, per transition. */
function lines(ctx: Ctx) {
  const c = ctx.data;
  const title = ctx.asset?.title ?? "";
  const pago = c.pagoCreditos;
  const dispute = disputeLines(ctx);
  if (dispute) return dispute;
  switch (ctx.transition) {
    case "comprar":
      return {
        titulo: "Compra en custodia",
        oferente:
          c.modoPago === "creditos"
            ? `${fmt(pago)} créditos del comprador de "${title}" quedan en custodia hasta la entrega. Entrega el activo y comparte el código.`
            : `Vendiste "${title}" en dinero: el comprador te paga ${formatCOP(c.montoCOP)} al recibirlo. Entrega el activo y comparte el código.`,
        receptor:
          c.modoPago === "creditos"
            ? `Compraste "${title}": ${fmt(pago)} créditos quedan en custodia hasta que confirmes la entrega con el código.`
            : `Compraste "${title}" en dinero: pagas ${formatCOP(c.montoCOP)} al vendedor al recibirlo y confirmas la entrega con el código.`,
        valorOferente: 0,
        valorReceptor: -pago,
      };
    case "asignar":
      return {
        titulo: "Custodia asignada",
        oferente: `Asignaste la custodia de "${title}". Comparte el código con quien recibe al entregarlo.`,
        receptor: `Vas a recibir "${title}" en custodia. Ingresa el código que te dé quien lo entrega.`,
        valorOferente: 0,
        valorReceptor: 0,
      };
    case "confirmar":
      return {
        titulo: "Entrega confirmada",
        oferente: `Se confirmó la entrega de "${title}"${pago > 0 ? `: recibiste ${fmt(pago)} créditos` : ""}${
          (ctx.result.creditosLiberados ?? 0) > 0
            ? ` y se liberaron ${fmt(ctx.result.creditosLiberados ?? 0)} créditos del activo`
            : ""
        }.${
          (ctx.result.creditosEnRevision ?? 0) > 0
            ? ` ${fmt(ctx.result.creditosEnRevision ?? 0)} créditos del activo quedan en revisión: en tu billetera ves por qué y cuándo se liberan.`
            : ""
        }`,
        receptor: OWNERSHIP_TRANSFER_TYPES.includes(c.tipoTransaccion as CustodyTransactionType)
          ? `Confirmaste la entrega de "${title}". Ya es tuyo: lo ves en Mis Activos.`
          : `Confirmaste la entrega de "${title}".`,
        valorOferente: pago + (ctx.result.creditosLiberados ?? 0),
        valorReceptor: 0,
      };
    default: {
      const expired = ctx.transition === "expirar";
      const why = expired ? "venció sin confirmarse (7 días)" : "fue cancelada por quien entrega";
      return {
        titulo: expired ? "Custodia vencida" : "Custodia cancelada",
        oferente: `La custodia de "${title}" ${why}. El activo vuelve a estar disponible.`,
        receptor: `La custodia de "${title}" ${why}.${pago > 0 ? ` Te devolvimos ${fmt(pago)} créditos.` : ""}`,
        valorOferente: 0,
        valorReceptor: pago,
      };
    }
  }
}

export const custodyHandlers: ProcessHandlers<CustodyRow> = {
  async load(tx: Tx, deal: DealRow) {
    const c = await findCustody(tx, deal.id);
    if (!c) throw new Error(`custody: record of deal ${deal.id} missing`);
    return c;
  },

  guards: {
    activoDisponible(ctx) {
      const a = assetOf(ctx);
      if (ctx.transition === "comprar") {
        const input = ctx.input as PurchaseInput;
        const refusal = saleRefusal(a, ctx.data.receptorId);
        if (refusal === "propio") throw forbidden(DEALS_MSG.ownAsset);
        if (refusal === "no_en_venta") throw conflict(DEALS_MSG.notForSale);
        if (refusal === "no_disponible") throw conflict(DEALS_MSG.notAvailable);
        if (input.vendedorId !== a.userId) throw conflict(DEALS_MSG.sellerMismatch);
        const price = input.modoPago === "creditos" ? ctx.data.pagoCreditos : ctx.data.montoCOP;
        if (input.monto !== undefined && input.monto !== price)
          throw conflict(DEALS_MSG.priceChanged(price, input.modoPago));
        return;
      }
      if (a.userId !== ctx.data.oferenteId) throw forbidden(DEALS_MSG.notYourAsset);
      if (assetTransitionRefusal(a, "reservar")) throw conflict(DEALS_MSG.notAvailable);
    },
    activoEnOperacion(ctx) {
      if (assetOf(ctx).status !== "operacion") throw conflict(DEALS_MSG.notAvailable);
    },
    codigoCorrecto(ctx) {
      const code = (ctx.input as { code?: string } | undefined)?.code;
      if (code !== ctx.data.codigo) throw unprocessable(DEALS_MSG.wrongCode);
    },
  },

  effects: {
    async cobrarPago(ctx) {
      const c = ctx.data;
      if (c.modoPago !== "creditos" || c.pagoCreditos <= 0) return;
      await escrowPay(ctx.tx, {
        userId: c.receptorId,
        amount: c.pagoCreditos,
        ...ref(ctx),
        description: `Pago en custodia por "${ctx.asset?.title ?? ""}"`,
      });
    },
    async reservarActivo(ctx) {
      await setStatus(ctx, "reservar");
    },
    async pagarOferente(ctx) {
      const c = ctx.data;
      if (c.pagoCreditos <= 0) return;
      await escrowRelease(ctx.tx, {
        now: ctx.now,
        userId: c.oferenteId,
        amount: c.pagoCreditos,
        ...ref(ctx),
        description: `Pago recibido por "${ctx.asset?.title ?? ""}"`,
      });
      ctx.result.pagoCreditos = c.pagoCreditos;
    },
    async liberarRetencionActivo(ctx) {
      const a = assetOf(ctx);
      const r = await releaseHold(ctx.tx, {
        refType: "activo",
        refId: a.id,
        actorUserId: ctx.actorUserId,
        description: `Operación completada con "${a.title}"`,
        now: ctx.now,
      });
      ctx.result.creditosLiberados = r.amount;
      if (r.enRevision) ctx.result.creditosEnRevision = r.enRevision;
      ctx.setAsset(await updateAsset(ctx.tx, a.id, { vecesUsado: a.vecesUsado + 1, estadoCredito: "liberado" }));
    },
    async transferirPropiedad(ctx) {
      if (!OWNERSHIP_TRANSFER_TYPES.includes(ctx.data.tipoTransaccion as CustodyTransactionType)) return;
      // The new owner gets it unlisted (privacy 'privado': out of the public feed and not
      // purchasable) until they publish it again; ADR 006.
      ctx.setAsset(await updateAsset(ctx.tx, assetOf(ctx).id, { userId: ctx.data.receptorId, privacy: "privado" }));
    },
    async liberarActivo(ctx) {
      await setStatus(ctx, "liberar");
    },
    async reembolsarPago(ctx) {
      const c = ctx.data;
      if (c.pagoCreditos <= 0) return;
      await escrowRefund(ctx.tx, {
        now: ctx.now,
        userId: c.receptorId,
        amount: c.pagoCreditos,
        ...ref(ctx),
        description: `Devolución de la custodia de "${ctx.asset?.title ?? ""}"`,
      });
    },
    async registrarActividad(ctx) {
      const c = ctx.data;
      const l = lines(ctx);
      const tipo = MOVEMENT_TIPO[c.tipoTransaccion as CustodyTransactionType] ?? "venta";
      const type = TRANSACTION_TYPE[c.tipoTransaccion as CustodyTransactionType] ?? "venta";
      for (const [userId, descripcion, valor] of [
        [c.oferenteId, l.oferente, l.valorOferente],
        [c.receptorId, l.receptor, l.valorReceptor],
      ] as const) {
        await recordMovement(ctx.tx, { userId, tipo, descripcion, valor, assetId: c.assetId });
        await recordTransaction(ctx.tx, {
          userId,
          type,
          assetId: c.assetId,
          amountCOP: c.montoCOP,
          amountCredits: c.pagoCreditos,
          description: `${l.titulo}: ${descripcion}`,
        });
      }
    },
    async notificarPartes(ctx) {
      const c = ctx.data;
      const l = lines(ctx);
      // relacionadoTipo 'transaccion' + the custody id: the web opens /custodia for it.
      for (const [userId, descripcion] of [
        [c.oferenteId, l.oferente],
        [c.receptorId, l.receptor],
      ] as const) {
        await notify(ctx.tx, {
          userId,
          tipo: `custodia_${ctx.transition}`,
          titulo: l.titulo,
          descripcion,
          relacionadoId: c.id,
          relacionadoTipo: "transaccion",
        });
      }
    },
    // Disputes (issue 19): the dispute record; refund and release reuse the effects above.
    abrirDisputa,
    cerrarDisputa,
  },

  async onState(ctx) {
    const closed = ctx.process.states[ctx.to]?.final === true;
    await updateCustody(ctx.tx, ctx.deal.id, {
      estado: ctx.to,
      ...(closed ? { fechaSalida: ctx.now, fechaLimite: null } : {}),
      // A disputed custody has no deadline: the engine cancelled its expiry timer.
      ...(ctx.to === "en_disputa" ? { fechaLimite: null } : {}),
    });
  },
};

export const CUSTODY = CUSTODY_PROCESS;
