import pg from "pg";
import { LIVE_FLUSH_SQL, LIVE_VACUUM_SQL } from "../modules/events/index.ts";

/** A query as the `pg` client was asked to send it: a simple-protocol text, or a statement with its values. */
export type SentQuery = string | { name?: string; text: string; values?: unknown[] };

/**
 * The queries the `pg` client sent while `fn` ran: their texts, each as it was sent (name and values
 * copied; bench/transfers.ts replays them), and the ROUND TRIPS they took. The pool's clients run in
 * pipeline mode (db/client.ts): queries sent one after another, with no answer between them, travel
 * together and add one wait; so a round trip is counted when a client sends a query after an answer
 * of it arrived (or for its first query): the app sends again only once it has what it waited for.
 * (Not "nothing outstanding": a read sent ahead, which nobody waits for yet, may still be on its way
 * when the app sends its next query after an answer, and that depends on timing.) `trip` gives, for
 * each query, the round trip it went in.
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
  /** Per client: whether an answer arrived since its last query was sent (absent: no query yet). */
  const answered = new WeakMap<object, boolean>();
  let trips = 0;
  proto.query = function (this: object, ...a: unknown[]) {
    const q = a[0] as string | { name?: string; text?: string; values?: unknown[] };
    const text = typeof q === "string" ? q : (q?.text ?? "");
    // The flush of live events runs beside the work, after its COMMIT, on a connection of its own
    // (events.flush.ts), and so does its table's vacuum: nobody waits for them, so they are not
    // the work's round trips.
    if (text === LIVE_FLUSH_SQL || text === LIVE_VACUUM_SQL) return original.apply(this, a);
    if (answered.get(this) !== false) trips += 1;
    answered.set(this, false);
    texts.push(text);
    trip.push(trips);
    sent.push(typeof q === "string" ? q : { name: q?.name, text, values: q?.values && [...q.values] });
    const result = original.apply(this, a);
    if (result && typeof (result as Promise<unknown>).then === "function") {
      const done = () => answered.set(this, true);
      (result as Promise<unknown>).then(done, done);
    } else {
      answered.set(this, true);
    }
    return result;
  };
  try {
    return { result: await fn(), texts, sent, trips, trip };
  } finally {
    proto.query = original;
  }
}
