import pg from "pg";

/** A query as the `pg` client was asked to send it: a simple-protocol text, or a statement with its values. */
export type SentQuery = string | { name?: string; text: string; values?: unknown[] };

/**
 * The queries the `pg` client sent while `fn` ran (each one a round trip to PostgreSQL): their
 * texts, and each as it was sent (name and values copied; bench/transfers.ts replays them).
 * PostgreSQL only: PGlite has no network and no `pg` client.
 */
export async function countRoundTrips<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; texts: string[]; sent: SentQuery[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  const texts: string[] = [];
  const sent: SentQuery[] = [];
  proto.query = function (this: unknown, ...a: unknown[]) {
    const q = a[0] as string | { name?: string; text?: string; values?: unknown[] };
    const text = typeof q === "string" ? q : (q?.text ?? "");
    texts.push(text);
    sent.push(typeof q === "string" ? q : { name: q?.name, text, values: q?.values && [...q.values] });
    return original.apply(this, a);
  };
  try {
    return { result: await fn(), texts, sent };
  } finally {
    proto.query = original;
  }
}
