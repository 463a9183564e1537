-- Rentals (deals.md "Rental"): the owner's publication (price per day, available period, terms)
-- and the bookings, each the record of an 'alquiler' deal (id = the deal's id). Owned by
-- modules/rentals; see docs/adr/016-rentals.md. Runs unchanged on PGlite (the server loads the
-- btree_gist extension into PGlite, db/client.ts) and PostgreSQL 15. One statement per breakpoint.

-- btree_gist: the exclusion constraint below compares asset_id (uuid) with = inside a GiST index.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- One asset has several bookings open at once (different dates): the engine's one-open-deal index
-- leaves the 'alquiler' process out (the exclusion constraint on dates is the rentals' backstop).
DROP INDEX IF EXISTS "deals_one_open_per_asset";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "deals_one_open_per_asset" ON "deals" ("asset_id") WHERE "closed_at" IS NULL AND "process" <> 'alquiler';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rentals" (
  "id" uuid PRIMARY KEY NOT NULL,
  "asset_id" uuid NOT NULL REFERENCES "assets"("id"),
  "owner_id" uuid NOT NULL REFERENCES "users"("id"),
  "price_per_day" bigint NOT NULL,
  "start_date" date NOT NULL,
  "end_date" date NOT NULL,
  "terms" text NOT NULL,
  "status" text DEFAULT 'active' NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "closed_at" timestamp with time zone,
  CONSTRAINT "rentals_price" CHECK ("price_per_day" >= 0),
  CONSTRAINT "rentals_period" CHECK ("end_date" >= "start_date"),
  CONSTRAINT "rentals_status" CHECK ("status" IN ('active', 'closed'))
);
--> statement-breakpoint
-- At most one open publication per asset.
CREATE UNIQUE INDEX IF NOT EXISTS "rentals_one_active_per_asset" ON "rentals" ("asset_id") WHERE "status" = 'active';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rentals_active_idx" ON "rentals" ("created_at") WHERE "status" = 'active';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rentals_owner_idx" ON "rentals" ("owner_id", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rental_bookings" (
  "id" uuid PRIMARY KEY NOT NULL REFERENCES "deals"("id"),
  "rental_id" uuid NOT NULL REFERENCES "rentals"("id"),
  "asset_id" uuid NOT NULL REFERENCES "assets"("id"),
  "arrendatario_id" uuid NOT NULL REFERENCES "users"("id"),
  "arrendador_id" uuid NOT NULL REFERENCES "users"("id"),
  "start_date" date NOT NULL,
  "end_date" date NOT NULL,
  "dias" integer NOT NULL,
  "price_per_day" bigint NOT NULL,
  "total" bigint NOT NULL,
  "estado" text DEFAULT 'reservada' NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "closed_at" timestamp with time zone,
  CONSTRAINT "rental_bookings_period" CHECK ("end_date" >= "start_date" AND "dias" = ("end_date" - "start_date") + 1),
  CONSTRAINT "rental_bookings_amounts" CHECK ("price_per_day" >= 0 AND "total" >= 0 AND "total" = "price_per_day" * "dias"),
  CONSTRAINT "rental_bookings_estado" CHECK ("estado" IN ('reservada', 'finalizada', 'cancelada')),
  CONSTRAINT "rental_bookings_parties" CHECK ("arrendatario_id" <> "arrendador_id"),
  -- Two running bookings of one asset never share a day (both ends included): the database refuses
  -- the second one (SQLSTATE 23P01), whatever the application checked before.
  CONSTRAINT "rental_bookings_no_overlap" EXCLUDE USING gist (
    "asset_id" WITH =,
    daterange("start_date", "end_date", '[]') WITH &&
  ) WHERE ("estado" = 'reservada')
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rental_bookings_arrendatario_idx" ON "rental_bookings" ("arrendatario_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rental_bookings_arrendador_idx" ON "rental_bookings" ("arrendador_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rental_bookings_rental_idx" ON "rental_bookings" ("rental_id");
