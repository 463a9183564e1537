-- Identity verification (issue 17 item 1, ADR 021): a person's document and selfie, reviewed by an
-- admin. At most one pending or approved submission per person and per document number (partial
-- unique indexes; a rejected one frees both). The images are bytes in the database, never files under
-- the public /uploads/ folder, and are deleted with the account (and with their submission).
CREATE TABLE "identity_verifications" (
  "id" uuid PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "tipo_documento" text NOT NULL,
  "numero_documento" text NOT NULL,
  "estado" text DEFAULT 'pendiente' NOT NULL,
  "motivo" text,
  "consentimiento_version" text NOT NULL,
  "decidida_por" uuid REFERENCES "users"("id"),
  "decidida_en" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "identity_verifications_tipo_check" CHECK ("tipo_documento" IN ('CC', 'CE', 'PPT', 'PA')),
  CONSTRAINT "identity_verifications_estado_check" CHECK ("estado" IN ('pendiente', 'aprobada', 'rechazada'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_user_active_key" ON "identity_verifications" USING btree ("user_id") WHERE "estado" IN ('pendiente', 'aprobada');
--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_documento_active_key" ON "identity_verifications" USING btree ("numero_documento") WHERE "estado" IN ('pendiente', 'aprobada');
--> statement-breakpoint
CREATE INDEX "identity_verifications_user_idx" ON "identity_verifications" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "identity_verifications_estado_idx" ON "identity_verifications" USING btree ("estado", "created_at");
--> statement-breakpoint
CREATE TABLE "identity_images" (
  "verification_id" uuid NOT NULL REFERENCES "identity_verifications"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "mime" text NOT NULL,
  "bytes" bytea NOT NULL,
  CONSTRAINT "identity_images_pkey" PRIMARY KEY ("verification_id", "kind"),
  CONSTRAINT "identity_images_kind_check" CHECK ("kind" IN ('documento', 'selfie'))
);
