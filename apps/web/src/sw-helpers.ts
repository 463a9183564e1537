/**
 * Pure pieces of the service worker (src/sw.ts), kept apart so unit tests can reach them (ADR 023).
 */

/**
 * Whose answer a request gets: `u-<id>` from the subject of its bearer token (not verified here: it only
 * picks the cache entry, the server checks the token), `anon` without one, "" when it cannot be read
 * (then nothing is kept).
 */
export function requester(authorization: string | null): string {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  if (!token) return "anon";
  try {
    const payload = token.split(".")[1] ?? "";
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const json = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    if (typeof sub === "string" && /^[\w-]{1,64}$/.test(sub)) return `u-${sub}`;
  } catch {
    // Not a JWT we can read.
  }
  return "";
}

/** The cache key of an API read: its URL plus whose it is (a parameter the server never sees). */
export function personalKey(url: string, who: string): string {
  const key = new URL(url);
  key.searchParams.set("__vz_persona", who || "desconocida");
  return key.href;
}

/** A path of this site for a notification's click (a payload cannot send the person elsewhere). */
export function sameOriginPath(value: unknown, origin: string): string {
  if (typeof value !== "string" || !value) return "/";
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? url.pathname + url.search + url.hash : "/";
  } catch {
    return "/";
  }
}
