CREATE TABLE IF NOT EXISTS "limit_releases" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "ref_type" text NOT NULL,
  "ref_id" uuid NOT NULL,
  "amount" bigint NOT NULL,
  "tipo" text NOT NULL,
  "released_at" timestamp with time zone NOT NULL,
  CONSTRAINT "limit_releases_amount_positive" CHECK ("amount" > 0),
  CONSTRAINT "limit_releases_tipo" CHECK ("tipo" in ('ventana','aprobada'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "limit_releases_user_idx" ON "limit_releases" ("user_id", "released_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "limit_releases_time_idx" ON "limit_releases" ("released_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "limit_reviews" (
  "id" uuid PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "asset_id" uuid,
  "amount" bigint NOT NULL,
  "motivo" text NOT NULL,
  "status" text DEFAULT 'en_revision' NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "resolved_at" timestamp with time zone,
  "resolved_by" uuid,
  CONSTRAINT "limit_reviews_amount_positive" CHECK ("amount" > 0),
  CONSTRAINT "limit_reviews_motivo" CHECK ("motivo" in ('limite','valor_alto','rafaga','tratos_repetidos')),
  CONSTRAINT "limit_reviews_status" CHECK ("status" in ('en_revision','aprobada','liberada'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "limit_reviews_user_idx" ON "limit_reviews" ("user_id", "status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "limit_reviews_status_idx" ON "limit_reviews" ("status", "created_at");
