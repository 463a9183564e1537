-- Loans (deals.md "Loan"): the record of a 'prestamo' deal (id = the deal's id).
-- Owned by modules/loans; see docs/adr/014-loans-rentals-donations.md.
-- Runs unchanged on PGlite and PostgreSQL 15. One statement per breakpoint.

CREATE TABLE IF NOT EXISTS "loans" (
  "id" uuid PRIMARY KEY NOT NULL REFERENCES "deals"("id"),
  "asset_id" uuid NOT NULL REFERENCES "assets"("id"),
  "prestatario_id" uuid NOT NULL REFERENCES "users"("id"),
  "prestamista_id" uuid NOT NULL REFERENCES "users"("id"),
  "estado" text DEFAULT 'pendiente' NOT NULL,
  "garantia_tipo" text NOT NULL,
  "garantia_valor" bigint DEFAULT 0 NOT NULL,
  "plazo_dias" integer NOT NULL,
  "interes" double precision DEFAULT 0 NOT NULL,
  "interes_creditos" bigint DEFAULT 0 NOT NULL,
  "notas" text DEFAULT '' NOT NULL,
  "fecha_solicitud" timestamp with time zone NOT NULL,
  "fecha_aprobacion" timestamp with time zone,
  "fecha_devolucion_esperada" timestamp with time zone,
  "fecha_cierre" timestamp with time zone,
  "recordatorio_enviado" timestamp with time zone,
  "aviso_vencido_enviado" timestamp with time zone,
  CONSTRAINT "loans_garantia_tipo" CHECK ("garantia_tipo" IN ('creditos_bloqueados', 'activo_colateral', 'tarjeta', 'ninguna')),
  CONSTRAINT "loans_estado" CHECK ("estado" IN ('pendiente', 'activo', 'devuelto', 'vencido', 'cancelado')),
  CONSTRAINT "loans_amounts" CHECK ("garantia_valor" >= 0 AND "interes_creditos" >= 0 AND "plazo_dias" > 0 AND "interes" >= 0 AND "interes" <= 100),
  CONSTRAINT "loans_parties" CHECK ("prestatario_id" <> "prestamista_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "loans_prestatario_idx" ON "loans" ("prestatario_id", "fecha_solicitud");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "loans_prestamista_idx" ON "loans" ("prestamista_id", "fecha_solicitud");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "loans_activo_due_idx" ON "loans" ("estado", "fecha_devolucion_esperada");
--> statement-breakpoint
-- Donations and gifts (deals.md "Donation and gift"): the record of a 'donacion' deal.
-- recipient_id null = a community donation (listed publicly until someone claims it).
CREATE TABLE IF NOT EXISTS "donations" (
  "id" uuid PRIMARY KEY NOT NULL REFERENCES "deals"("id"),
  "asset_id" uuid NOT NULL REFERENCES "assets"("id"),
  "donor_id" uuid NOT NULL REFERENCES "users"("id"),
  "recipient_id" uuid REFERENCES "users"("id"),
  "community" boolean NOT NULL,
  "message" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "closed_at" timestamp with time zone,
  CONSTRAINT "donations_status" CHECK ("status" IN ('pending', 'completed', 'cancelled')),
  CONSTRAINT "donations_parties" CHECK ("recipient_id" IS NULL OR "recipient_id" <> "donor_id"),
  CONSTRAINT "donations_direct_has_recipient" CHECK ("community" OR "recipient_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_donor_idx" ON "donations" ("donor_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_recipient_idx" ON "donations" ("recipient_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_community_idx" ON "donations" ("created_at") WHERE "community" AND "status" = 'pending';
