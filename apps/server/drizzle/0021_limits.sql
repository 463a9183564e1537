-- Issue 17 (ADR 015 rewritten as a bound on people): tiers by identity verification, the
-- concentration cap of accounts without it, the fan-in signal, the platform brake and the
-- review queue released in parts, oldest first. Owned by modules/ledger (ledger.limits.ts).

-- A review is released in parts: `granted` is what the window and the brake have given it (each
-- grant is a limit_releases row 'ventana'), `released` what already became spendable. The hold
-- ('revision', id) always holds amount - released.
ALTER TABLE "limit_reviews" ADD COLUMN IF NOT EXISTS "granted" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "limit_reviews" ADD COLUMN IF NOT EXISTS "released" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "limit_reviews" DROP CONSTRAINT IF EXISTS "limit_reviews_motivo";
--> statement-breakpoint
ALTER TABLE "limit_reviews" ADD CONSTRAINT "limit_reviews_motivo" CHECK ("motivo" in
  ('limite','verificacion','freno','concentracion','valor_alto','rafaga','tratos_repetidos'));
--> statement-breakpoint
ALTER TABLE "limit_reviews" DROP CONSTRAINT IF EXISTS "limit_reviews_status";
--> statement-breakpoint
ALTER TABLE "limit_reviews" ADD CONSTRAINT "limit_reviews_status" CHECK ("status" in
  ('en_revision','aprobada','liberada','anulada'));
--> statement-breakpoint
ALTER TABLE "limit_reviews" ADD CONSTRAINT "limit_reviews_parts" CHECK
  ("released" >= 0 AND "released" <= "granted" AND "granted" <= "amount");
--> statement-breakpoint

-- An admin's raise of one person's 30-day window (logged in admin_actions).
CREATE TABLE IF NOT EXISTS "limit_windows" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "limite" bigint NOT NULL,
  "updated_by" uuid,
  "updated_at" timestamp with time zone NOT NULL,
  CONSTRAINT "limit_windows_limite_positive" CHECK ("limite" > 0)
);
--> statement-breakpoint

-- Credits received from another person (the fan-in signal counts them).
CREATE TABLE IF NOT EXISTS "limit_receipts" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "from_user_id" uuid NOT NULL REFERENCES "users"("id"),
  "amount" bigint NOT NULL,
  "received_at" timestamp with time zone NOT NULL,
  CONSTRAINT "limit_receipts_amount_positive" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "limit_receipts_user_idx" ON "limit_receipts" ("user_id", "received_at");
--> statement-breakpoint

-- Signals for the admin's desk that hold no credits (fan-in); one open per person and kind.
CREATE TABLE IF NOT EXISTS "limit_flags" (
  "id" uuid PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "motivo" text NOT NULL,
  "status" text DEFAULT 'abierta' NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "resolved_at" timestamp with time zone,
  "resolved_by" uuid,
  CONSTRAINT "limit_flags_motivo" CHECK ("motivo" in ('abanico')),
  CONSTRAINT "limit_flags_status" CHECK ("status" in ('abierta','revisada'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "limit_flags_one_open" ON "limit_flags" ("user_id", "motivo") WHERE "status" = 'abierta';
