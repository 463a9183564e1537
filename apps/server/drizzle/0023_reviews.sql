-- Reviews after completed deals (issue 19 part 1). A review round is a 'resena' deal of the process
-- engine whose parent_id is the completed deal it is about; its reviews stay hidden until published_at
-- (double-blind: both parties reviewed, or the 14 days ended). Runs unchanged on PGlite and
-- PostgreSQL 15. One statement per breakpoint.

CREATE TABLE IF NOT EXISTS "reviews" (
  "id" uuid PRIMARY KEY NOT NULL,
  "round_id" uuid NOT NULL REFERENCES "deals"("id"),
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
