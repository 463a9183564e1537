/**
 * Rentals (deals.md "Rental"): the owner's publication and the bookings (each the record of an
 * 'alquiler' deal; its id is the deal's id). Dates are Colombian calendar days ('YYYY-MM-DD', both
 * ends included). Migration drizzle/0011_rentals.sql (with the exclusion constraint
 * rental_bookings_no_overlap, which drizzle cannot declare); ADR 016.
 */
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money } from "../columns.ts";
import { assets } from "./assets.ts";
import { deals } from "./deals.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const day = (name: string) => date(name, { mode: "string" });

/** A publication: an `alquilar` asset offered for a period at a price per day (not a deal). */
export const rentals = pgTable(
  "rentals",
  {
    id: uuid("id").primaryKey(),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id),
    pricePerDay: money("price_per_day").notNull(),
    startDate: day("start_date").notNull(),
    endDate: day("end_date").notNull(),
    terms: text("terms").notNull(),
    /** 'active' | 'closed' as stored; 'finished' is computed on read once endDate has passed. */
    status: text("status").notNull().default("active"),
    createdAt: ts("created_at").notNull(),
    closedAt: ts("closed_at"),
  },
  (t) => [
    check("rentals_price", sql`${t.pricePerDay} >= 0`),
    check("rentals_period", sql`${t.endDate} >= ${t.startDate}`),
    check("rentals_status", sql`${t.status} in ('active', 'closed')`),
    uniqueIndex("rentals_one_active_per_asset").on(t.assetId).where(sql`${t.status} = 'active'`),
    index("rentals_active_idx").on(t.createdAt).where(sql`${t.status} = 'active'`),
    index("rentals_owner_idx").on(t.ownerId, t.createdAt),
  ],
);

/** A booking: whole days inside a publication, paid into escrow when booked. */
export const rentalBookings = pgTable(
  "rental_bookings",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => deals.id),
    rentalId: uuid("rental_id")
      .notNull()
      .references(() => rentals.id),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id),
    arrendatarioId: uuid("arrendatario_id")
      .notNull()
      .references(() => users.id),
    arrendadorId: uuid("arrendador_id")
      .notNull()
      .references(() => users.id),
    startDate: day("start_date").notNull(),
    endDate: day("end_date").notNull(),
    dias: integer("dias").notNull(),
    pricePerDay: money("price_per_day").notNull(),
    total: money("total").notNull(),
    /** Mirror of the deal's state (the exclusion constraint only counts 'reservada' rows). */
    estado: text("estado").notNull().default("reservada"),
    createdAt: ts("created_at").notNull(),
    closedAt: ts("closed_at"),
  },
  (t) => [
    check("rental_bookings_estado", sql`${t.estado} in ('reservada', 'finalizada', 'cancelada')`),
    index("rental_bookings_arrendatario_idx").on(t.arrendatarioId, t.createdAt),
    index("rental_bookings_arrendador_idx").on(t.arrendadorId, t.createdAt),
    index("rental_bookings_rental_idx").on(t.rentalId),
  ],
);
