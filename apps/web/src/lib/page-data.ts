/**
 * Data the server inlined into the page it served (`<script id="vz-page-data"
 * type="application/json">`, apps/server plugins/web.ts): an asset page arrives with
 * its public detail so its title paints without another request. Read once, for the
 * page it was served with only.
 */
let consumed = false;

export function takePageData<T>(pathname: string, read: (body: unknown) => T | null): T | undefined {
  if (consumed || typeof document === "undefined") return undefined;
  const el = document.getElementById("vz-page-data");
  // Only for the URL the document was loaded with: after navigating elsewhere it is stale.
  if (!el || window.location.pathname !== pathname) return undefined;
  consumed = true;
  el.remove();
  try {
    return read(JSON.parse(el.textContent ?? "")) ?? undefined;
  } catch {
    return undefined;
  }
}
