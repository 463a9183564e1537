/**
 * Exchanges (deals.md "Exchange", "Location and privacy"): exchange proposals
 * (the record of an 'intercambio' / 'intercambio_local' deal), open offers and
 * the public (offset) point of each asset. Migration drizzle/0008_exchanges.sql; ADR 013.
 */
import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money } from "../columns.ts";
import { assets } from "./assets.ts";
import { deals } from "./deals.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** One exchange proposal; its id is the deal's id; `estado` mirrors the deal's state. */
export const exchangeProposals = pgTable(
  "exchange_proposals",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => deals.id),
    tipo: text("tipo").notNull(),
    offeredAssetId: uuid("offered_asset_id")
      .notNull()
      .references(() => assets.id),
    requestedAssetId: uuid("requested_asset_id")
      .notNull()
      .references(() => assets.id),
    proposingUserId: uuid("proposing_user_id")
      .notNull()
      .references(() => users.id),
    targetUserId: uuid("target_user_id")
      .notNull()
      .references(() => users.id),
    message: text("message").notNull().default(""),
    creditosAdicionales: money("creditos_adicionales").notNull().default(0),
    mobility: text("mobility"),
    estado: text("estado").notNull().default("pendiente"),
    expiresAt: ts("expires_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    closedAt: ts("closed_at"),
  },
  (t) => [
    index("exchange_proposals_target_idx").on(t.targetUserId, t.createdAt),
    index("exchange_proposals_proposer_idx").on(t.proposingUserId, t.createdAt),
    index("exchange_proposals_offered_pending_idx").on(t.offeredAssetId).where(sql`${t.estado} = 'pendiente'`),
    index("exchange_proposals_requested_pending_idx").on(t.requestedAssetId).where(sql`${t.estado} = 'pendiente'`),
  ],
);

/** An open offer: an 'intercambiar' asset published with what its owner wants for it. */
export const exchangeOffers = pgTable(
  "exchange_offers",
  {
    id: uuid("id").primaryKey(),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    tipoIntercambio: text("tipo_intercambio").notNull(),
    categoriaDeseada: text("categoria_deseada").notNull(),
    subcategoriaDeseada: text("subcategoria_deseada").notNull().default(""),
    rangoMinCOP: money("rango_min_cop").notNull(),
    rangoMaxCOP: money("rango_max_cop").notNull(),
    modalidadEconomica: text("modalidad_economica").notNull(),
    radioKm: doublePrecision("radio_km").notNull(),
    preferenciaContraparte: text("preferencia_contraparte").notNull().default("cualquiera"),
    permiteContraofertas: boolean("permite_contraofertas").notNull().default(true),
    estado: text("estado").notNull().default("abierta"),
    createdAt: ts("created_at").notNull().defaultNow(),
    closedAt: ts("closed_at"),
  },
  (t) => [
    uniqueIndex("exchange_offers_one_open_per_asset").on(t.assetId).where(sql`${t.estado} = 'abierta'`),
    index("exchange_offers_open_idx").on(t.createdAt).where(sql`${t.estado} = 'abierta'`),
  ],
);

/**
 * The public point of an asset: the owner's chosen point moved once by a
 * stable random offset (up to ~500 m), or the centre of the owner's city.
 * The exact point is never stored. Never sent to a client either: answers
 * carry only rounded distances.
 */
export const assetLocations = pgTable(
  "asset_locations",
  {
    assetId: uuid("asset_id")
      .primaryKey()
      .references(() => assets.id),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    /** 'usuario' (offset browser point) or 'ciudad' (gazetteer centre). */
    source: text("source").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("asset_locations_lat_lng_idx").on(t.lat, t.lng)],
);
