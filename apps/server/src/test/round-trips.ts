import pg from "pg";

/** A query as the `pg` client was asked to send it: a simple-protocol text, or a statement with its values. */
export type SentQuery = string | { name?: string; text: string; values?: unknown[] };

/**
 * The queries the `pg` client sent while `fn` ran: their texts, each as it was sent (name and values
 * copied; bench/transfers.ts replays them), and the ROUND TRIPS they took. The pool's clients run in
 * pipeline mode (db/client.ts): a query sent while an earlier one of the same client is still
 * unanswered travels behind it and adds no wait, so a round trip is counted when a query is sent with
 * nothing of its client outstanding. `trip` gives, for each query, the round trip it went in.
 * PostgreSQL only: PGlite has no network and no `pg` client.
 */
export async function countRoundTrips<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; texts: string[]; sent: SentQuery[]; trips: number; trip: number[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  const texts: string[] = [];
  const sent: SentQuery[] = [];
  const trip: number[] = [];
  const outstanding = new WeakMap<object, number>();
  let trips = 0;
  proto.query = function (this: object, ...a: unknown[]) {
    const q = a[0] as string | { name?: string; text?: string; values?: unknown[] };
    const text = typeof q === "string" ? q : (q?.text ?? "");
    const open = outstanding.get(this) ?? 0;
    if (open === 0) trips += 1;
    texts.push(text);
    trip.push(trips);
    sent.push(typeof q === "string" ? q : { name: q?.name, text, values: q?.values && [...q.values] });
    const result = original.apply(this, a);
    if (result && typeof (result as Promise<unknown>).then === "function") {
      outstanding.set(this, open + 1);
      const done = () => outstanding.set(this, (outstanding.get(this) ?? 1) - 1);
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  };
  try {
    return { result: await fn(), texts, sent, trips, trip };
  } finally {
    proto.query = original;
  }
}
