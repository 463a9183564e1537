import pg from "pg";

/**
 * The queries the `pg` client sent while `fn` ran (each one a round trip to PostgreSQL), by their
 * text. PostgreSQL only: PGlite has no network and no `pg` client.
 */
export async function countRoundTrips<T>(fn: () => Promise<T>): Promise<{ result: T; texts: string[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  const texts: string[] = [];
  proto.query = function (this: unknown, ...a: unknown[]) {
    const q = a[0] as string | { text?: string };
    texts.push(typeof q === "string" ? q : (q?.text ?? ""));
    return original.apply(this, a);
  };
  try {
    return { result: await fn(), texts };
  } finally {
    proto.query = original;
  }
}
