/**
 * Search that finds (issue 20): the filters and orders of GET /api/assets, their Spanish labels and
 * messages. No zod here, so the web's home chunk can import the labels without the schemas.
 */
import { CATEGORY_NAMES } from "../economy/catalog.ts";
import { ASSET_TYPES, MAIN_PURPOSES } from "../economy/constants.ts";
import { formatNumber } from "../economy/format.ts";
import { normalizeSearch } from "../economy/search.ts";

/** `orden` of GET /api/assets: newest first (default), by credits, or by distance to `lat`,`lng`. */
export const ASSET_ORDERS = ["recientes", "precio_asc", "precio_desc", "distancia"] as const;
export type AssetOrder = (typeof ASSET_ORDERS)[number];

export const ASSET_ORDER_LABELS: Readonly<Record<AssetOrder, string>> = {
  recientes: "Más recientes",
  precio_asc: "Menor precio",
  precio_desc: "Mayor precio",
  distancia: "Más cercanos",
};

/** Categories a search can filter by: the goods catalogue plus the time and money registrations'. */
export const SEARCH_CATEGORIES: readonly string[] = [...CATEGORY_NAMES, "Tiempo", "Dinero"];

/** The category named by `value` (its name or slug, any case, with or without accents), or null. */
export function toSearchCategory(value: string): string | null {
  const key = normalizeSearch(value)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!key) return null;
  return (
    SEARCH_CATEGORIES.find(
      (c) =>
        normalizeSearch(c)
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-+|-+$/g, "") === key,
    ) ?? null
  );
}

/** Page size of GET /api/assets: 100 by default, 200 at most per page (`total` counts every match). */
export const ASSET_SEARCH_PAGE_MAX = 200;
/** Largest credits bound a filter accepts (MAX_AMOUNT_CREDITS). */
export const ASSET_SEARCH_CREDITS_MAX = 100_000_000;

export const ASSET_SEARCH_MSG = {
  categoriaInvalid: "La categoría no existe. Usa una de las categorías del catálogo.",
  tipoInvalid: `El tipo debe ser uno de: ${ASSET_TYPES.join(", ")}.`,
  propositoInvalid: `El propósito debe ser uno de: ${MAIN_PURPOSES.join(", ")}.`,
  ciudadTooLong: "La ciudad no puede tener más de 80 caracteres.",
  creditsInvalid: (field: string) => `${field} debe ser un número entero de créditos, 0 o mayor.`,
  creditsTooBig: (field: string) => `${field} no puede ser mayor que ${formatNumber(ASSET_SEARCH_CREDITS_MAX)}.`,
  creditsRange: "minCreditos no puede ser mayor que maxCreditos.",
  ordenInvalid: `El orden debe ser uno de: ${ASSET_ORDERS.join(", ")}.`,
  latInvalid: "lat debe ser una latitud entre -90 y 90.",
  lngInvalid: "lng debe ser una longitud entre -180 y 180.",
  coordsPair: "Envía lat y lng juntos.",
  distanceNeedsCoords: "Para ordenar por distancia envía tu ubicación (lat y lng).",
} as const;
