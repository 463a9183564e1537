/** Identity verification (issue 17 item 1, ADR 021, migration 0019_identity). */
import { sql } from "drizzle-orm";
import { check, customType, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../columns.ts";
import { users } from "./users.ts";

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** bytea as a Buffer (node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * One submission of a person's identity document and selfie. At most one pending or approved row
 * per person, and per document number (the partial unique indexes): a rejected submission frees both.
 * Rows (and their images) are deleted with the account.
 */
export const identityVerifications = pgTable(
  "identity_verifications",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tipoDocumento: text("tipo_documento").$type<"CC" | "CE" | "PPT" | "PA">().notNull(),
    /** Normalized: upper case, no spaces, dots or dashes. */
    numeroDocumento: text("numero_documento").notNull(),
    estado: text("estado").$type<"pendiente" | "aprobada" | "rechazada">().notNull().default("pendiente"),
    motivo: text("motivo"),
    /** Version of the biometric-data consent text the form showed (Ley 1581). */
    consentimientoVersion: text("consentimiento_version").notNull(),
    decididaPor: uuid("decidida_por").references(() => users.id),
    decididaEn: tz("decidida_en"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("identity_verifications_user_active_key")
      .on(t.userId)
      .where(sql`${t.estado} IN ('pendiente', 'aprobada')`),
    uniqueIndex("identity_verifications_documento_active_key")
      .on(t.numeroDocumento)
      .where(sql`${t.estado} IN ('pendiente', 'aprobada')`),
    index("identity_verifications_user_idx").on(t.userId, t.createdAt),
    index("identity_verifications_estado_idx").on(t.estado, t.createdAt),
    check("identity_verifications_tipo_check", sql`${t.tipoDocumento} IN ('CC', 'CE', 'PPT', 'PA')`),
    check("identity_verifications_estado_check", sql`${t.estado} IN ('pendiente', 'aprobada', 'rechazada')`),
  ],
);

/** The two private images of a submission (WebP re-encoded by the server), never under a public route. */
export const identityImages = pgTable(
  "identity_images",
  {
    verificationId: uuid("verification_id")
      .notNull()
      .references(() => identityVerifications.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"documento" | "selfie">().notNull(),
    mime: text("mime").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.verificationId, t.kind] }),
    check("identity_images_kind_check", sql`${t.kind} IN ('documento', 'selfie')`),
  ],
);
