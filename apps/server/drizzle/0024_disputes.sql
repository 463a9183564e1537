-- Disputes on custody (issue 19 part 2): either party of a pending custody opens one; the custody
-- waits in 'en_disputa' (its timer cancelled by the engine) until an admin resolves it once, from the
-- desk: 'reembolsar' (payment back to the receiver, asset back to its giver) or 'liberar' (payment to
-- the giver, asset to the receiver). The evidence photos are bytes in the database, shown only on the
-- admin's desk, never under the public /uploads/ folder.
ALTER TABLE "custodias" DROP CONSTRAINT "custodias_estado";
--> statement-breakpoint
ALTER TABLE "custodias" ADD CONSTRAINT "custodias_estado" CHECK ("estado" IN ('pendiente', 'en_disputa', 'confirmada', 'cancelada'));
--> statement-breakpoint
CREATE TABLE "custody_disputes" (
  "id" uuid PRIMARY KEY NOT NULL,
  "custodia_id" uuid NOT NULL REFERENCES "custodias"("id"),
  "abierta_por" uuid NOT NULL REFERENCES "users"("id"),
  "rol" text NOT NULL,
  "motivo" text NOT NULL,
  "descripcion" text NOT NULL,
  "estado" text DEFAULT 'abierta' NOT NULL,
  "resultado" text,
  "nota" text,
  "resuelta_por" uuid REFERENCES "users"("id"),
  "resuelta_en" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "custody_disputes_rol" CHECK ("rol" IN ('oferente', 'receptor')),
  CONSTRAINT "custody_disputes_motivo" CHECK ("motivo" IN ('no_coincide', 'no_entregado', 'danado', 'otro')),
  CONSTRAINT "custody_disputes_estado" CHECK ("estado" IN ('abierta', 'resuelta')),
  CONSTRAINT "custody_disputes_resultado" CHECK (("estado" = 'abierta' AND "resultado" IS NULL) OR ("estado" = 'resuelta' AND "resultado" IN ('reembolsar', 'liberar')))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "custody_disputes_custodia_key" ON "custody_disputes" USING btree ("custodia_id");
--> statement-breakpoint
CREATE INDEX "custody_disputes_estado_idx" ON "custody_disputes" USING btree ("estado", "created_at");
--> statement-breakpoint
CREATE TABLE "custody_dispute_images" (
  "dispute_id" uuid NOT NULL REFERENCES "custody_disputes"("id") ON DELETE CASCADE,
  "n" integer NOT NULL,
  "mime" text NOT NULL,
  "bytes" bytea NOT NULL,
  CONSTRAINT "custody_dispute_images_pkey" PRIMARY KEY ("dispute_id", "n"),
  CONSTRAINT "custody_dispute_images_n" CHECK ("n" BETWEEN 1 AND 5)
);
