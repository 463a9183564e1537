import {
  assetTransitionRefusal,
  colombiaDayEnd,
  colombiaToday,
  DEALS_MSG,
  nextAssetStatus,
  RENTAL_MSG,
  RENTAL_PROCESS,
  RENTAL_PURPOSES,
} from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { recordMovement, recordTransaction } from "../activity/index.ts";
import { type AssetRow, updateAsset } from "../assets/index.ts";
import { type DealRow, listOpenDealsForAsset, type ProcessHandlers, type TransitionContext } from "../deals/index.ts";
import { escrowPay, escrowRefund, escrowRelease, releaseHold } from "../ledger/index.ts";
import { notify } from "../notifications/index.ts";
import {
  type BookingRow,
  countOtherReserved,
  findBooking,
  listReservedByIds,
  type RentalRow,
  updateBooking,
} from "./rentals.repository.ts";

/** The guards and effects of RENTAL_PROCESS (domain package), through the other areas' index.ts. */

type Ctx = TransitionContext<BookingRow>;

/** Input of the 'reservar' transition: the publication, read under its FOR SHARE lock. */
export interface BookInput {
  rental: RentalRow;
}

const fmt = (n: number) => n.toLocaleString("es-CO");

function assetOf(ctx: Ctx): AssetRow {
  if (!ctx.asset) throw notFound(DEALS_MSG.assetNotFound);
  return ctx.asset;
}

const ref = (ctx: Ctx) => ({ refType: "alquiler", refId: ctx.deal.id, actorUserId: ctx.actorUserId });

const DAY_FORMAT = new Intl.DateTimeFormat("es-CO", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-12-01" -> "1 dic 2026": the calendar day as written, as the cards show it (es-CO). */
export function formatDay(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) ? day : DAY_FORMAT.format(t).replace(/\./g, "");
}

/** "del 1 dic 2026 al 3 dic 2026" (one day: "el 1 dic 2026"), the dates as the screens write them. */
export function periodText(b: { startDate: string; endDate: string }): string {
  return b.startDate === b.endDate
    ? `el ${formatDay(b.startDate)}`
    : `del ${formatDay(b.startDate)} al ${formatDay(b.endDate)}`;
}

/**
 * The asset may take a booking: free (activo/disponible), or already reserved by other bookings
 * only (rentals are the one process with several running deals on one asset). Refuses with 409.
 */
export async function checkRentable(tx: Tx, a: AssetRow): Promise<void> {
  if (a.status === "operacion") {
    const open = await listOpenDealsForAsset(tx, a.id);
    if (open.length === 0 || open.some((d) => d.process !== RENTAL_PROCESS.name)) {
      throw conflict(RENTAL_MSG.notAvailable);
    }
    return;
  }
  if (assetTransitionRefusal(a, "reservar")) throw conflict(RENTAL_MSG.notAvailable);
}

/** What each party reads in its activity and notifications, per transition. */
function lines(ctx: Ctx) {
  const b = ctx.data;
  const title = ctx.asset?.title ?? "";
  const period = periodText(b);
  const total = b.total;
  const released = ctx.result.creditosLiberados ?? 0;
  switch (ctx.transition) {
    case "reservar":
      return {
        titulo: "Alquiler reservado",
        arrendatario: `Reservaste "${title}" ${period} (${b.dias} ${b.dias === 1 ? "día" : "días"}).${
          total > 0 ? ` ${fmt(total)} créditos quedan en custodia hasta que termine el alquiler.` : ""
        }`,
        arrendador: `Reservaron "${title}" ${period} (${b.dias} ${b.dias === 1 ? "día" : "días"}).${
          total > 0 ? ` El pago de ${fmt(total)} créditos queda en custodia hasta que finalices el alquiler.` : ""
        }`,
        valores: [-total, 0] as const,
      };
    case "finalizar":
    case "cerrar": {
      const bySystem = ctx.transition === "cerrar";
      return {
        titulo: "Alquiler finalizado",
        arrendatario: `El alquiler de "${title}" ${period} terminó${bySystem ? " (cerrado automáticamente tras su último día)" : ""}.`,
        arrendador: `${bySystem ? "Se cerró automáticamente" : "Finalizaste"} el alquiler de "${title}" ${period}.${
          total > 0 ? ` Recibiste ${fmt(total)} créditos.` : ""
        }${released > 0 ? ` Se liberaron ${fmt(released)} créditos del activo.` : ""}`,
        valores: [0, total + released] as const,
      };
    }
    default:
      return {
        titulo: "Reserva cancelada",
        arrendatario: `La reserva de "${title}" ${period} fue cancelada.${
          total > 0 ? ` Te devolvimos ${fmt(total)} créditos.` : ""
        }`,
        arrendador: `La reserva de "${title}" ${period} fue cancelada.`,
        valores: [total, 0] as const,
      };
  }
}

export const rentalHandlers: ProcessHandlers<BookingRow> = {
  async load(tx: Tx, deal: DealRow) {
    const b = await findBooking(tx, deal.id);
    if (!b) throw new Error(`rentals: record of deal ${deal.id} missing`);
    return b;
  },

  guards: {
    async alquilerReservable(ctx) {
      const a = assetOf(ctx);
      const { rental } = ctx.input as BookInput;
      const b = ctx.data;
      const today = colombiaToday(ctx.now);
      if (rental.status !== "active" || rental.endDate < today) throw conflict(RENTAL_MSG.closed);
      if (a.userId === b.arrendatarioId) throw conflict(RENTAL_MSG.ownRental);
      if (a.userId !== rental.ownerId) throw conflict(RENTAL_MSG.notAvailable);
      if (!RENTAL_PURPOSES.includes(a.mainPurpose)) throw conflict(RENTAL_MSG.notForRent);
      await checkRentable(ctx.tx, a);
      if (b.startDate < today) throw badRequest(RENTAL_MSG.startBeforeToday);
      if (b.startDate < rental.startDate || b.endDate > rental.endDate) throw badRequest(RENTAL_MSG.outsidePeriod);
      // Overlap with another booking is NOT checked here: the exclusion constraint refuses it.
    },
    periodoIniciado(ctx) {
      if (colombiaToday(ctx.now) < ctx.data.startDate) throw conflict(RENTAL_MSG.notStarted);
    },
    antesDelInicio(ctx) {
      if (colombiaToday(ctx.now) >= ctx.data.startDate) throw conflict(RENTAL_MSG.alreadyStarted);
    },
  },

  effects: {
    async cobrarAlquiler(ctx) {
      const b = ctx.data;
      if (b.total <= 0) return;
      await escrowPay(ctx.tx, {
        userId: b.arrendatarioId,
        amount: b.total,
        ...ref(ctx),
        description: `Pago en custodia por el alquiler de "${ctx.asset?.title ?? ""}" ${periodText(b)}`,
      });
    },
    async reservarActivo(ctx) {
      const a = assetOf(ctx);
      if (a.status === "operacion") return;
      ctx.setAsset(await updateAsset(ctx.tx, a.id, { status: nextAssetStatus(a, "reservar") }));
    },
    async pagarAlquiler(ctx) {
      const b = ctx.data;
      if (b.total <= 0) return;
      await escrowRelease(ctx.tx, {
        now: ctx.now,
        userId: b.arrendadorId,
        amount: b.total,
        ...ref(ctx),
        description: `Pago del alquiler de "${ctx.asset?.title ?? ""}" ${periodText(b)}`,
      });
      ctx.result.pagoCreditos = b.total;
    },
    async reembolsarAlquiler(ctx) {
      const b = ctx.data;
      if (b.total <= 0) return;
      await escrowRefund(ctx.tx, {
        now: ctx.now,
        userId: b.arrendatarioId,
        amount: b.total,
        ...ref(ctx),
        description: `Devolución del pago del alquiler de "${ctx.asset?.title ?? ""}" ${periodText(b)}`,
      });
    },
    async liberarRetencionActivo(ctx) {
      // The first completed deal of the asset releases its blocked credits to the owner; later ones
      // release nothing (no hold is left) (deals.md "The asset's own life").
      const a = assetOf(ctx);
      const r = await releaseHold(ctx.tx, {
        refType: "activo",
        refId: a.id,
        actorUserId: ctx.actorUserId,
        // The release window (ADR 015) counts by the deal's clock, as custody does.
        now: ctx.now,
        description: `Alquiler completado con "${a.title}"`,
      });
      ctx.result.creditosLiberados = r.amount;
      if (r.enRevision) ctx.result.creditosEnRevision = r.enRevision;
      ctx.setAsset(await updateAsset(ctx.tx, a.id, { vecesUsado: a.vecesUsado + 1, estadoCredito: "liberado" }));
    },
    async liberarActivo(ctx) {
      // Available again only when no other booking of the asset is still running.
      const a = assetOf(ctx);
      if (a.status !== "operacion") return;
      if ((await countOtherReserved(ctx.tx, a.id, ctx.deal.id)) > 0) return;
      ctx.setAsset(await updateAsset(ctx.tx, a.id, { status: nextAssetStatus(a, "liberar") }));
    },
    async registrarActividad(ctx) {
      const b = ctx.data;
      const t = lines(ctx);
      for (const [userId, descripcion, valor] of [
        [b.arrendatarioId, t.arrendatario, t.valores[0]],
        [b.arrendadorId, t.arrendador, t.valores[1]],
      ] as const) {
        await recordMovement(ctx.tx, { userId, tipo: "alquiler", descripcion, valor, assetId: b.assetId });
        await recordTransaction(ctx.tx, {
          userId,
          type: "alquiler",
          assetId: b.assetId,
          amountCOP: 0,
          amountCredits: Math.abs(valor),
          description: `${t.titulo}: ${descripcion}`,
        });
      }
    },
    async notificarPartes(ctx) {
      const b = ctx.data;
      const t = lines(ctx);
      for (const [userId, descripcion] of [
        [b.arrendatarioId, t.arrendatario],
        [b.arrendadorId, t.arrendador],
      ] as const) {
        await notify(ctx.tx, {
          userId,
          tipo: `alquiler_${ctx.transition}`,
          titulo: t.titulo,
          descripcion,
          relacionadoId: b.assetId,
          relacionadoTipo: "activo",
        });
      }
    },
  },

  async onState(ctx) {
    const closed = ctx.process.states[ctx.to]?.final === true;
    await updateBooking(ctx.tx, ctx.deal.id, { estado: ctx.to, ...(closed ? { closedAt: ctx.now } : {}) });
    ctx.data = { ...ctx.data, estado: ctx.to, ...(closed ? { closedAt: ctx.now } : {}) };
  },

  /** The closing timer counts from the end of the booking's last day (Colombia), not from now. */
  timerBase(ctx, timer) {
    if (timer.relativeTo === "endDate") return colombiaDayEnd(ctx.data.endDate);
    return ctx.now;
  },

  /**
   * 'Finalizar operación' on an asset with several bookings: the one that has started (the earliest
   * such), else the earliest (its guard then says it has not started yet).
   */
  async ownerCompletionDeal(tx, open, now) {
    const today = colombiaToday(now);
    const booked = await listReservedByIds(
      tx,
      open.filter((d) => d.process === RENTAL_PROCESS.name).map((d) => d.id),
    );
    const pick = booked.find((b) => b.startDate <= today) ?? booked[0];
    return pick ? open.find((d) => d.id === pick.id) : undefined;
  },
};
