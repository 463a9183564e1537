-- A loan guaranteed by one of the borrower's assets (garantiaTipo activo_colateral), ADR 014.
-- garantia_activo_id: the asset named at the request; garantia_deal_id: its 'garantia_prestamo' deal,
-- opened at approval (it reserves the asset), closed at the return or when the loan is overdue.
-- Loans recorded before this migration with activo_colateral keep both NULL (nothing was reserved).
-- Runs unchanged on PGlite and PostgreSQL 15. One statement per breakpoint.

ALTER TABLE "loans" ADD COLUMN IF NOT EXISTS "garantia_activo_id" uuid REFERENCES "assets"("id");
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN IF NOT EXISTS "garantia_deal_id" uuid REFERENCES "deals"("id");
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_garantia_activo" CHECK ("garantia_activo_id" IS NULL OR ("garantia_tipo" = 'activo_colateral' AND "garantia_activo_id" <> "asset_id"));
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_garantia_deal" CHECK ("garantia_deal_id" IS NULL OR "garantia_activo_id" IS NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "loans_garantia_deal_idx" ON "loans" ("garantia_deal_id") WHERE "garantia_deal_id" IS NOT NULL;
--> statement-breakpoint
-- Backstop: an asset guarantees at most one active loan at a time.
CREATE UNIQUE INDEX IF NOT EXISTS "loans_garantia_activa_idx" ON "loans" ("garantia_activo_id") WHERE "estado" = 'activo';
