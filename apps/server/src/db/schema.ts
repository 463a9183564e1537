import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const money = (name: string) => bigint(name, { mode: "number" });

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
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), check("users_email_lower", sql`${t.email} = lower(${t.email})`)],
);

/**
 * Ledger accounts (economy.md). User accounts: disponible, bloqueado.
 * System accounts (user_id null): emision, destruccion, custodia, tienda, retiros.
 * Only `emision` may go negative; the database enforces it.
 */
export const accounts = pgTable(
  "accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id").references(() => users.id),
    kind: text("kind").notNull(),
    balance: money("balance").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("accounts_user_kind_key").on(t.userId, t.kind),
    uniqueIndex("accounts_system_kind_key").on(t.kind).where(sql`${t.userId} is null`),
    check("accounts_non_negative", sql`${t.kind} = 'emision' or ${t.balance} >= 0`),
    check(
      "accounts_kind_owner",
      sql`(${t.userId} is null and ${t.kind} in ('emision','destruccion','custodia','tienda','retiros'))
        or (${t.userId} is not null and ${t.kind} in ('disponible','bloqueado'))`,
    ),
  ],
);

/** Append-only double-entry transfers (a trigger forbids UPDATE and DELETE). */
export const transfers = pgTable(
  "transfers",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    debitAccountId: bigint("debit_account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id),
    creditAccountId: bigint("credit_account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id),
    amount: money("amount").notNull(),
    kind: text("kind").notNull(),
    refType: text("ref_type"),
    refId: uuid("ref_id"),
    actorUserId: uuid("actor_user_id"),
    holdId: bigint("hold_id", { mode: "number" }),
    debitBalanceAfter: money("debit_balance_after").notNull(),
    creditBalanceAfter: money("credit_balance_after").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check("transfers_amount_positive", sql`${t.amount} > 0`),
    check("transfers_distinct_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    index("transfers_debit_idx").on(t.debitAccountId, t.id),
    index("transfers_credit_idx").on(t.creditAccountId, t.id),
    index("transfers_ref_idx").on(t.refType, t.refId),
  ],
);

/**
 * Holds on a user's `bloqueado` account: one per asset whose credits are still
 * blocked, one per active loan guarantee. Resolved (released, destroyed or
 * paid out) at most once; a trigger forbids any change to a resolved hold.
 */
export const holds = pgTable(
  "holds",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    amount: money("amount").notNull(),
    refType: text("ref_type").notNull(),
    refId: uuid("ref_id").notNull(),
    status: text("status").notNull().default("abierta"),
    createdTransferId: bigint("created_transfer_id", { mode: "number" }),
    resolvedTransferId: bigint("resolved_transfer_id", { mode: "number" }),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    check("holds_amount_positive", sql`${t.amount} > 0`),
    check("holds_status", sql`${t.status} in ('abierta','liberada','destruida','ejecutada')`),
    uniqueIndex("holds_one_open_per_ref").on(t.refType, t.refId).where(sql`${t.status} = 'abierta'`),
    index("holds_user_idx").on(t.userId, t.status),
  ],
);

/** Idempotency-Key records; written in the same transaction as the effect. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id").notNull(),
    key: text("key").notNull(),
    route: text("route").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export type AssetImage = { url: string; thumbUrl: string };

export const assets = pgTable(
  "assets",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    assetType: text("asset_type").notNull(),
    origin: text("origin").notNull().default("personal"),
    category: text("category").notNull().default(""),
    subcategory: text("subcategory").notNull().default(""),
    especializacion: text("especializacion").notNull().default(""),
    condition: text("condition").notNull().default("nuevo"),
    physicalState: text("physical_state").notNull().default("excelente"),
    yearOfPurchase: integer("year_of_purchase"),
    baseValueCOP: money("base_value_cop").notNull().default(0),
    location: text("location").notNull().default(""),
    ciudad: text("ciudad").notNull().default(""),
    departamento: text("departamento").notNull().default(""),
    mainPurpose: text("main_purpose").notNull().default("intercambiar"),
    privacy: text("privacy").notNull().default("publico"),
    images: jsonb("images").$type<AssetImage[]>().notNull().default([]),
    depreciation: integer("depreciation").notNull().default(0),
    valorActualCOP: money("valor_actual_cop").notNull().default(0),
    valorCOPOriginal: money("valor_cop_original").notNull().default(0),
    valorCOPReconocido: money("valor_cop_reconocido").notNull().default(0),
    antiguedadAnios: integer("antiguedad_anios").notNull().default(0),
    creditosAsignados: money("creditos_asignados").notNull().default(0),
    estadoCredito: text("estado_credito").notNull().default("bloqueado"),
    vecesUsado: integer("veces_usado").notNull().default(0),
    status: text("status").notNull().default("disponible"),
    /** Time assets */
    horas: integer("horas"),
    especializado: boolean("especializado"),
    tipoServicio: text("tipo_servicio"),
    /** Money contributions */
    monto: money("monto"),
    tipoAporte: text("tipo_aporte"),
    /** Lower-cased, accent-free title/category/subcategory/description for search. */
    searchText: text("search_text").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("assets_user_idx").on(t.userId, t.createdAt),
    index("assets_feed_idx").on(t.createdAt).where(sql`${t.status} <> 'desactivado' and ${t.privacy} = 'publico'`),
    check("assets_credits_non_negative", sql`${t.creditosAsignados} >= 0`),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    tipo: text("tipo").notNull().default("general"),
    titulo: text("titulo").notNull(),
    descripcion: text("descripcion").notNull().default(""),
    leida: boolean("leida").notNull().default(false),
    relacionadoId: uuid("relacionado_id"),
    relacionadoTipo: text("relacionado_tipo"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.leida} = false`),
  ],
);

/** Business history shown in /movimientos (not a money record: the ledger is). */
export const movimientos = pgTable(
  "movimientos",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    tipo: text("tipo").notNull(),
    descripcion: text("descripcion").notNull().default(""),
    valor: money("valor").notNull().default(0),
    assetId: uuid("asset_id"),
    createdAt: createdAt(),
  },
  (t) => [index("movimientos_user_idx").on(t.userId, t.createdAt)],
);

/** Transactions shown in /mi-actividad. */
export const transacciones = pgTable(
  "transacciones",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    type: text("type").notNull(),
    assetId: uuid("asset_id"),
    amountCOP: money("amount_cop").notNull().default(0),
    amountCredits: money("amount_credits").notNull().default(0),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("transacciones_user_idx").on(t.userId, t.createdAt)],
);
