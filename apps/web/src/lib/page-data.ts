/**
 * Data the server inlined into the page it served (`<script id="vz-page-data"
 * type="application/json">`, apps/server plugins/web.ts): an asset page arrives with
 * its public detail so its title paints without another request (and an asset to donate
 * with its pending donation). Each block is read once, for the page it was served with only.
 */
const consumed = new Set<string>();

/** The block the server inlines into a donated asset's page: its pending donation as a visitor sees it. */
export const DONATION_BLOCK = "vz-page-donation";

/**
 * The block `id` (by default the asset's detail; `vz-page-donation`: its pending donation, for an
 * asset to donate) for the page at `pathname`, read by `read` (null: unreadable).
 */
export function takePageData<T>(
  pathname: string,
  read: (body: unknown) => T | null,
  id = "vz-page-data",
): T | undefined {
  if (consumed.has(id) || typeof document === "undefined") return undefined;
  const el = document.getElementById(id);
  // Only for the URL the document was loaded with: after navigating elsewhere it is stale.
  if (!el || window.location.pathname !== pathname) return undefined;
  consumed.add(id);
  el.remove();
  try {
    return read(JSON.parse(el.textContent ?? "")) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Whether the page at `pathname` still holds the block `id` (not read yet), as the server served it. */
export function hasPageData(pathname: string, id: string): boolean {
  return (
    typeof document !== "undefined" &&
    !consumed.has(id) &&
    window.location.pathname === pathname &&
    document.getElementById(id) !== null
  );
}
