-- Exchanges: proposals (the record of an 'intercambio' / 'intercambio_local' deal),
-- open offers, and the public (offset) point of each asset for the distance search.
-- Owned by modules/exchanges; see docs/adr/013-exchanges-and-location.md.
-- Runs unchanged on PGlite and PostgreSQL 15. One statement per breakpoint.

CREATE TABLE IF NOT EXISTS "exchange_proposals" (
  "id" uuid PRIMARY KEY NOT NULL REFERENCES "deals"("id"),
  "tipo" text NOT NULL,
  "offered_asset_id" uuid NOT NULL REFERENCES "assets"("id"),
  "requested_asset_id" uuid NOT NULL REFERENCES "assets"("id"),
  "proposing_user_id" uuid NOT NULL REFERENCES "users"("id"),
  "target_user_id" uuid NOT NULL REFERENCES "users"("id"),
  "message" text DEFAULT '' NOT NULL,
  "creditos_adicionales" bigint DEFAULT 0 NOT NULL,
  "mobility" text,
  "estado" text DEFAULT 'pendiente' NOT NULL,
  "expires_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone,
  CONSTRAINT "exchange_proposals_tipo" CHECK ("tipo" IN ('directo', 'local')),
  CONSTRAINT "exchange_proposals_credits" CHECK ("creditos_adicionales" >= 0),
  CONSTRAINT "exchange_proposals_distinct" CHECK ("offered_asset_id" <> "requested_asset_id" AND "proposing_user_id" <> "target_user_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exchange_proposals_target_idx" ON "exchange_proposals" ("target_user_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exchange_proposals_proposer_idx" ON "exchange_proposals" ("proposing_user_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exchange_proposals_offered_pending_idx" ON "exchange_proposals" ("offered_asset_id") WHERE "estado" = 'pendiente';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exchange_proposals_requested_pending_idx" ON "exchange_proposals" ("requested_asset_id") WHERE "estado" = 'pendiente';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "exchange_offers" (
  "id" uuid PRIMARY KEY NOT NULL,
  "asset_id" uuid NOT NULL REFERENCES "assets"("id"),
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "tipo_intercambio" text NOT NULL,
  "categoria_deseada" text NOT NULL,
  "subcategoria_deseada" text DEFAULT '' NOT NULL,
  "rango_min_cop" bigint NOT NULL,
  "rango_max_cop" bigint NOT NULL,
  "modalidad_economica" text NOT NULL,
  "radio_km" double precision NOT NULL,
  "preferencia_contraparte" text DEFAULT 'cualquiera' NOT NULL,
  "permite_contraofertas" boolean DEFAULT true NOT NULL,
  "estado" text DEFAULT 'abierta' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone,
  CONSTRAINT "exchange_offers_range" CHECK ("rango_min_cop" >= 0 AND "rango_min_cop" <= "rango_max_cop")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "exchange_offers_one_open_per_asset" ON "exchange_offers" ("asset_id") WHERE "estado" = 'abierta';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exchange_offers_open_idx" ON "exchange_offers" ("created_at") WHERE "estado" = 'abierta';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "asset_locations" (
  "asset_id" uuid PRIMARY KEY NOT NULL REFERENCES "assets"("id"),
  "lat" double precision NOT NULL,
  "lng" double precision NOT NULL,
  "source" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "asset_locations_source" CHECK ("source" IN ('usuario', 'ciudad')),
  CONSTRAINT "asset_locations_range" CHECK ("lat" BETWEEN -90 AND 90 AND "lng" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "asset_locations_lat_lng_idx" ON "asset_locations" ("lat", "lng");
