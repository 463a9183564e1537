/**
 * Accent- and case-insensitive search (overview §9 "Search"; calls §5
 * "Search on the home page"): over title, category, subcategory and
 * description; the text is trimmed; an empty search shows everything.
 */

/**
 * Trim, lower-case (es), strip accents (NFD, then drop combining marks) and
 * collapse runs of whitespace to one space.
 * "  Cámara  Réflex " -> "camara reflex"; "Niño" -> "nino".
 */
export function normalizeSearch(text: string | null | undefined): string {
  if (typeof text !== "string") return "";
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLocaleLowerCase("es")
    .replace(/\s+/g, " ")
    .trim();
}

export interface SearchableAsset {
  title?: string | null;
  category?: string | null;
  subcategory?: string | null;
  description?: string | null;
}

/**
 * The searchable text of an asset: each field normalized, joined with "\n".
 * A normalized query never contains "\n", so a match never spans two fields.
 * The server stores it (assets.search_text) and matches with `includes`/LIKE.
 */
export function buildSearchText(asset: SearchableAsset): string {
  return [asset.title, asset.category, asset.subcategory, asset.description].map(normalizeSearch).join("\n");
}

/** True when the (normalized) query occurs in one of the fields; an empty query matches everything. */
export function matchesSearch(asset: SearchableAsset, query: string | null | undefined): boolean {
  const q = normalizeSearch(query);
  if (q === "") return true;
  return buildSearchText(asset).includes(q);
}
