/** Accounts of people (users area). */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "../columns.ts";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    /** Stored trimmed and lower-cased: emails compare case-insensitively. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    apellido: text("apellido").notNull().default(""),
    pais: text("pais").notNull().default("Colombia"),
    ciudad: text("ciudad").notNull().default(""),
    departamento: text("departamento").notNull().default(""),
    telefono: text("telefono").notNull().default(""),
    sexo: text("sexo").notNull().default("no_especificar"),
    fechaNacimiento: text("fecha_nacimiento").notNull().default(""),
    userType: text("user_type").notNull().default("persona"),
    visibility: text("visibility").notNull().default("publico"),
    description: text("description").notNull().default(""),
    redes: jsonb("redes")
      .$type<{ facebook: string; instagram: string; linkedin: string }>()
      .notNull()
      .default({ facebook: "", instagram: "", linkedin: "" }),
    verified: boolean("verified").notNull().default(false),
    isAdmin: boolean("is_admin").notNull().default(false),
    reputation: integer("reputation").notNull().default(0),
    /** Bumped on password change: tokens issued before it stop working. */
    tokenVersion: integer("token_version").notNull().default(0),
    /** Set when the person follows the mailed verification link (issue 16). */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    /** Version of the terms and privacy policy accepted, and when (Ley 1581; issue 16). */
    consentVersion: text("consent_version"),
    consentAt: timestamp("consent_at", { withTimezone: true, mode: "date" }),
    /** Account deleted by its holder: personal data erased, sign-in refused (issue 16). */
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    /** Suspended by an admin (issue 19): sign-in refused with the reason, sessions ended, listings hidden. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true, mode: "date" }),
    suspensionReason: text("suspension_reason"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_email_lower", sql`${t.email} = lower(${t.email})`),
    index("users_suspended_idx").on(t.suspendedAt).where(sql`${t.suspendedAt} is not null`),
  ],
);
