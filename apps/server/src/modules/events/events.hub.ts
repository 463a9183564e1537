import type { LiveEvent } from "@valoriza/domain";
import pg from "pg";
import type { Db } from "../../db/client.ts";

/** The one PostgreSQL channel every live event travels on. */
export const EVENTS_CHANNEL = "valoriza_eventos";

/** What travels on the channel: the users concerned and the event (no content, just a hint). */
export interface EventEnvelope {
  u: string[];
  e: LiveEvent;
}

export interface Subscriber {
  send(event: LiveEvent): void;
  /** Ends the stream (server shutting down). */
  end(): void;
}

export interface HubLogger {
  warn(obj: unknown, msg?: string): void;
}

type Unlisten = () => Promise<void>;

/**
 * Fans out the events of channel `valoriza_eventos` to the streams open in this
 * process. Any process of the app may publish (publishEvent, on its
 * transaction; notified after the COMMIT: events.flush.ts); every process
 * listening on the same database hears it after commit, so several server
 * processes on one PostgreSQL share events.
 *
 * PGlite: its own `listen` API (one in-process connection).
 * PostgreSQL: one dedicated connection per process, outside the pool,
 * reconnected with backoff; after a reconnect every local stream gets
 * `sincronizar`, since events may have been missed meanwhile.
 */
export class EventHub {
  private readonly subs = new Map<string, Set<Subscriber>>();
  private starting: Promise<void> | null = null;
  private unlisten: Unlisten | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay = 500;

  constructor(
    private readonly db: Db,
    private readonly log?: HubLogger,
  ) {}

  /** Streams open in this process for `userId`. */
  count(userId: string): number {
    return this.subs.get(userId)?.size ?? 0;
  }

  /** Total streams open in this process. */
  get size(): number {
    let n = 0;
    for (const s of this.subs.values()) n += s.size;
    return n;
  }

  /** Registers a stream; resolves once this process is listening. Returns the unsubscribe function. */
  async subscribe(userId: string, sub: Subscriber): Promise<() => void> {
    if (this.closed) throw new Error("event hub closed");
    await this.ensureListening();
    let set = this.subs.get(userId);
    if (!set) {
      set = new Set();
      this.subs.set(userId, set);
    }
    set.add(sub);
    return () => {
      const s = this.subs.get(userId);
      if (!s) return;
      s.delete(sub);
      if (s.size === 0) this.subs.delete(userId);
    };
  }

  /** Delivers one raw channel payload to the local streams of its users. Malformed payloads are ignored. */
  dispatch(payload: string): void {
    let env: EventEnvelope;
    try {
      env = JSON.parse(payload) as EventEnvelope;
    } catch {
      return;
    }
    if (!env || !Array.isArray(env.u) || !env.e || typeof env.e !== "object" || typeof env.e.tipo !== "string") return;
    for (const userId of new Set(env.u)) {
      const set = this.subs.get(String(userId).toLowerCase());
      if (!set) continue;
      for (const sub of [...set]) {
        try {
          sub.send(env.e);
        } catch (err) {
          this.log?.warn({ err }, "live event delivery failed");
        }
      }
    }
  }

  private broadcast(event: LiveEvent): void {
    for (const set of this.subs.values()) for (const sub of [...set]) sub.send(event);
  }

  private ensureListening(): Promise<void> {
    if (!this.starting) {
      this.starting = this.listen().catch((err) => {
        this.starting = null;
        throw err;
      });
    }
    return this.starting;
  }

  private async listen(): Promise<void> {
    const client = (this.db as unknown as { $client: unknown }).$client as
      | { listen?: (ch: string, cb: (p: string) => void) => Promise<Unlisten> }
      | pg.Pool;
    if (client && typeof (client as { listen?: unknown }).listen === "function" && !(client instanceof pg.Pool)) {
      const pglite = client as { listen: (ch: string, cb: (p: string) => void) => Promise<Unlisten> };
      this.unlisten = await pglite.listen(EVENTS_CHANNEL, (p) => this.dispatch(p));
      return;
    }
    if (client instanceof pg.Pool) {
      await this.connectPg(client);
      return;
    }
    throw new Error("event hub: unsupported database driver");
  }

  private async connectPg(pool: pg.Pool): Promise<void> {
    const conn = new pg.Client(pool.options as pg.ClientConfig);
    let dropped = false;
    const onDrop = (err?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (err) this.log?.warn({ err }, "live events connection lost; reconnecting");
      conn.removeAllListeners("notification");
      conn.end().catch(() => {});
      this.unlisten = null;
      this.scheduleReconnect(pool);
    };
    conn.on("error", onDrop);
    conn.on("end", () => onDrop());
    conn.on("notification", (m) => {
      if (m.channel === EVENTS_CHANNEL && m.payload) this.dispatch(m.payload);
    });
    await conn.connect();
    await conn.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.retryDelay = 500;
    this.unlisten = async () => {
      dropped = true;
      conn.removeAllListeners();
      conn.on("error", () => {});
      await conn.end().catch(() => {});
    };
  }

  private scheduleReconnect(pool: pg.Pool): void {
    if (this.closed || this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, 30_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.connectPg(pool)
        .then(() => this.broadcast({ tipo: "sincronizar" }))
        .catch((err) => {
          this.log?.warn({ err }, "live events reconnect failed");
          this.scheduleReconnect(pool);
        });
    }, delay);
    this.retryTimer.unref();
  }

  /** Ends every local stream (server shutting down). */
  endAll(): void {
    for (const set of this.subs.values()) for (const sub of [...set]) sub.end();
    this.subs.clear();
  }

  /** Ends every stream and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    this.endAll();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.starting) await this.starting.catch(() => {});
    const un = this.unlisten;
    this.unlisten = null;
    if (un) await un().catch(() => {});
  }
}
