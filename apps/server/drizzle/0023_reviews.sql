-- Reviews after completed deals (issue 19 part 1). A review round is the record of a 'resena' deal
-- of the process engine (its id is the deal's id), one per completed deal (operacion_id); a review
-- stays hidden until published_at (double-blind: both parties reviewed, or the 14 days ended).
-- Runs unchanged on PGlite and PostgreSQL 15. One statement per breakpoint.

CREATE TABLE IF NOT EXISTS "review_rounds" (
  "id" uuid PRIMARY KEY NOT NULL REFERENCES "deals"("id"),
  "operacion_id" uuid NOT NULL REFERENCES "deals"("id"),
  "asset_id" uuid REFERENCES "assets"("id"),
  "completed_at" timestamp with time zone NOT NULL,
  "closes_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "review_rounds_operacion_key" ON "review_rounds" ("operacion_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "reviews" (
  "id" uuid PRIMARY KEY NOT NULL,
  "round_id" uuid NOT NULL REFERENCES "review_rounds"("id"),
  "autor_id" uuid NOT NULL REFERENCES "users"("id"),
  "destinatario_id" uuid NOT NULL REFERENCES "users"("id"),
  "puntuacion" smallint NOT NULL,
  "comentario" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "published_at" timestamp with time zone,
  CONSTRAINT "reviews_puntuacion" CHECK ("puntuacion" between 1 and 5),
  CONSTRAINT "reviews_comentario" CHECK (char_length("comentario") <= 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reviews_one_per_author" ON "reviews" ("round_id", "autor_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reviews_published_idx" ON "reviews" ("destinatario_id", "published_at") WHERE "published_at" IS NOT NULL;
