-- Reports and moderation (issue 19 part 3). People report a person, a listing or a chat message
-- (reports, moderation area); an admin hides a listing (assets.hidden_at / hidden_reason, assets
-- area) or suspends an account (users.suspended_at / suspension_reason, users area). Both are
-- reversible; every decision is in admin_actions. A suspension also bumps users.token_version,
-- so the trigger users_session_changed (0007_perf) ends the person's sessions in every process.
-- Runs unchanged on PGlite and PostgreSQL 15. One statement per breakpoint.

ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "suspension_reason" text;
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN IF NOT EXISTS "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN IF NOT EXISTS "hidden_reason" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assets_hidden_idx" ON "assets" ("hidden_at") WHERE "hidden_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_suspended_idx" ON "users" ("suspended_at") WHERE "suspended_at" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "reports" (
  "id" uuid PRIMARY KEY NOT NULL,
  "reporter_id" uuid NOT NULL REFERENCES "users"("id"),
  "tipo" text NOT NULL,
  "objetivo_id" text NOT NULL,
  "motivo" text NOT NULL,
  "descripcion" text DEFAULT '' NOT NULL,
  "estado" text DEFAULT 'abierto' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone,
  "closed_by" uuid REFERENCES "users"("id"),
  "resolucion" text,
  CONSTRAINT "reports_tipo" CHECK ("tipo" IN ('usuario', 'activo', 'mensaje')),
  CONSTRAINT "reports_motivo" CHECK ("motivo" IN ('fraude', 'contenido_inapropiado', 'acoso', 'spam', 'otro')),
  CONSTRAINT "reports_estado" CHECK ("estado" IN ('abierto', 'cerrado')),
  CONSTRAINT "reports_descripcion_length" CHECK (char_length("descripcion") <= 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reports_one_open_per_reporter" ON "reports" ("reporter_id", "tipo", "objetivo_id") WHERE "estado" = 'abierto';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_open_idx" ON "reports" ("created_at") WHERE "estado" = 'abierto';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_target_idx" ON "reports" ("tipo", "objetivo_id");
