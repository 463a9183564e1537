/** Assets registered by people (assets area). */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, money } from "../columns.ts";
import { users } from "./users.ts";

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
    /** Hidden by an admin (issue 19): out of the feed, search and detail for all but its owner, who sees why. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true, mode: "date" }),
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("assets_user_idx").on(t.userId, t.createdAt),
    index("assets_feed_idx").on(t.createdAt).where(sql`${t.status} <> 'desactivado' and ${t.privacy} = 'publico'`),
    index("assets_hidden_idx").on(t.hiddenAt).where(sql`${t.hiddenAt} is not null`),
    // A person's registrations that issued nothing, by id (uuidv7: time order): the day's bounds
    // (ledger registrationsSql) read them with `user_id = ? and id >= ?` (migration 0030).
    index("assets_user_uncredited_idx").on(t.userId, t.id).where(sql`${t.creditosAsignados} = 0`),
    check("assets_credits_non_negative", sql`${t.creditosAsignados} >= 0`),
  ],
);
