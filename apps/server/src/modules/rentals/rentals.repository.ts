import { and, asc, desc, eq, gte, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { assets, rentalBookings, rentals, users } from "../../db/schema/index.ts";

/** Queries of the rentals area; every function takes the caller's executor (usually its transaction). */

export type RentalRow = typeof rentals.$inferSelect;
export type NewRental = typeof rentals.$inferInsert;
export type BookingRow = typeof rentalBookings.$inferSelect;
export type NewBooking = typeof rentalBookings.$inferInsert;

// ---------- publications ----------

export async function insertRental(tx: Executor, row: NewRental): Promise<RentalRow> {
  const [r] = await tx.insert(rentals).values(row).returning();
  if (!r) throw new Error("rentals: insert returned no row");
  return r;
}

export async function findRental(exec: Executor, id: string): Promise<RentalRow | undefined> {
  const [r] = await exec.select().from(rentals).where(eq(rentals.id, id)).limit(1);
  return r;
}

/**
 * The publication, locked FOR SHARE: a booking reads it under this lock so closing it (an UPDATE)
 * waits for the booking's commit, and a booking started after the close sees it closed.
 */
export async function lockRentalShared(tx: Executor, id: string): Promise<RentalRow | undefined> {
  const [r] = await tx.select().from(rentals).where(eq(rentals.id, id)).for("share").limit(1);
  return r;
}

/** The asset's open ('active') publication, if any (at most one: a partial unique index). */
export async function findActiveRentalForAsset(exec: Executor, assetId: string): Promise<RentalRow | undefined> {
  const [r] = await exec
    .select()
    .from(rentals)
    .where(and(eq(rentals.assetId, assetId), eq(rentals.status, "active")))
    .limit(1);
  return r;
}

export async function closeRental(tx: Executor, id: string, now: Date): Promise<RentalRow | undefined> {
  const [r] = await tx
    .update(rentals)
    .set({ status: "closed", closedAt: now })
    .where(and(eq(rentals.id, id), eq(rentals.status, "active")))
    .returning();
  return r;
}

export interface RentalView {
  r: RentalRow;
  assetTitle: string;
  ownerName: string;
}

const rentalView = (exec: Executor) =>
  exec
    .select({
      r: rentals,
      assetTitle: assets.title,
      ownerName: sql<string>`(select u.name from ${users} u where u.id = ${rentals.ownerId})`,
    })
    .from(rentals)
    .innerJoin(assets, eq(assets.id, rentals.assetId));

export async function findRentalView(exec: Executor, id: string): Promise<RentalView | undefined> {
  const [v] = await rentalView(exec).where(eq(rentals.id, id)).limit(1);
  return v;
}

/**
 * GET /rentals: every open publication whose period has not ended (its asset still the owner's and
 * not deactivated), plus the viewer's own other publications; newest first.
 */
export function listRentalViews(exec: Executor, today: string, viewerId: string | null, limit = 200) {
  const open = and(
    eq(rentals.status, "active"),
    gte(rentals.endDate, today),
    eq(assets.userId, rentals.ownerId),
    ne(assets.status, "desactivado"),
  );
  return rentalView(exec)
    .where(viewerId ? or(open, eq(rentals.ownerId, viewerId)) : open)
    .orderBy(desc(rentals.createdAt), desc(rentals.id))
    .limit(limit);
}

// ---------- bookings ----------

export async function insertBooking(tx: Executor, row: NewBooking): Promise<BookingRow> {
  const [b] = await tx.insert(rentalBookings).values(row).returning();
  if (!b) throw new Error("rentals: booking insert returned no row");
  return b;
}

export async function findBooking(exec: Executor, id: string): Promise<BookingRow | undefined> {
  const [b] = await exec.select().from(rentalBookings).where(eq(rentalBookings.id, id)).limit(1);
  return b;
}

export async function updateBooking(tx: Executor, id: string, patch: Partial<NewBooking>): Promise<void> {
  await tx.update(rentalBookings).set(patch).where(eq(rentalBookings.id, id));
}

/** The running bookings among these deal ids, earliest first day first. */
export function listReservedByIds(exec: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as BookingRow[]);
  return exec
    .select()
    .from(rentalBookings)
    .where(
      and(
        eq(rentalBookings.estado, "reservada"),
        sql`${rentalBookings.id} = any(string_to_array(${ids.join(",")}, ',')::uuid[])`,
      ),
    )
    .orderBy(asc(rentalBookings.startDate), asc(rentalBookings.id));
}

/** The asset's running bookings that end today or later (dates only: no renter), by first day. */
export function listReservedRanges(exec: Executor, assetId: string, today: string) {
  return exec
    .select({ startDate: rentalBookings.startDate, endDate: rentalBookings.endDate })
    .from(rentalBookings)
    .where(
      and(
        eq(rentalBookings.assetId, assetId),
        eq(rentalBookings.estado, "reservada"),
        gte(rentalBookings.endDate, today),
      ),
    )
    .orderBy(asc(rentalBookings.startDate))
    .limit(500);
}

export interface BookingView {
  b: BookingRow;
  assetTitle: string;
  arrendatarioName: string;
  arrendadorName: string;
}

const bookingView = (exec: Executor) =>
  exec
    .select({
      b: rentalBookings,
      assetTitle: assets.title,
      arrendatarioName: sql<string>`(select u.name from ${users} u where u.id = ${rentalBookings.arrendatarioId})`,
      arrendadorName: sql<string>`(select u.name from ${users} u where u.id = ${rentalBookings.arrendadorId})`,
    })
    .from(rentalBookings)
    .innerJoin(assets, eq(assets.id, rentalBookings.assetId));

export async function findBookingView(exec: Executor, id: string): Promise<BookingView | undefined> {
  const [v] = await bookingView(exec).where(eq(rentalBookings.id, id)).limit(1);
  return v;
}

/** The user's bookings as renter or owner, newest first. */
export function listBookingViews(exec: Executor, userId: string, limit = 200) {
  return bookingView(exec)
    .where(or(eq(rentalBookings.arrendatarioId, userId), eq(rentalBookings.arrendadorId, userId)))
    .orderBy(desc(rentalBookings.createdAt), desc(rentalBookings.id))
    .limit(limit);
}
