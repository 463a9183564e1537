import {
  assetTransitionRefusal,
  colombiaDayEnd,
  colombiaToday,
  periodText,
  RENTAL_MSG,
  RENTAL_PROCESS,
  RENTAL_PURPOSES,
  type RentalFields,
} from "@valoriza/domain";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import type { AssetRow } from "../assets/index.ts";
import { dealAsset, inputOf, listOpenDealsForAsset, type ProcessHandlers, recordOf } from "../deals/index.ts";
import {
  type BookingRow,
  findBooking,
  listReservedByIds,
  type RentalRow,
  updateBooking,
} from "./rentals.repository.ts";

/** The guards and effects of RENTAL_PROCESS (domain package), through the other areas' index.ts. */

/** Input of the 'reservar' transition: the publication, read under its FOR SHARE lock. */
export interface BookInput {
  rental: RentalRow;
}
/** What the 'reservar' guard reads of its input. */
const bookInputSchema = z.object({
  rental: z.object({ status: z.string(), startDate: z.string(), endDate: z.string(), ownerId: z.string() }),
});

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

export const rentalHandlers: ProcessHandlers<BookingRow> = {
  load: recordOf(findBooking, "rentals: record"),

  guards: {
    async alquilerReservable(ctx) {
      const a = dealAsset(ctx);
      const { rental } = inputOf(ctx, bookInputSchema);
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

  effects: {},

  fields: (ctx): RentalFields => ({
    titulo: ctx.asset?.title ?? "",
    periodo: periodText(ctx.data),
    dias: ctx.data.dias,
    total: ctx.data.total,
    liberados: ctx.result.creditosLiberados ?? 0,
    assetId: ctx.data.assetId,
  }),

  async onState(ctx) {
    const patch = { estado: ctx.to, ...(ctx.deal.closedAt ? { closedAt: ctx.now } : {}) };
    await updateBooking(ctx.tx, ctx.deal.id, patch);
    ctx.data = { ...ctx.data, ...patch };
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
