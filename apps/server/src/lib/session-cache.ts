import pg from "pg";
import { type Db, dbOnClient, type Executor } from "../db/client.ts";
import type { UserLookup } from "./auth.ts";

/**
 * Channel on which the database announces (trigger `users_session_changed`,
 * migration 0007_perf) that a user's token version, admin flag or email
 * changed, or (trigger `revoked_sessions_changed`, migration 0015_mail) that
 * one of the user's sessions was ended by 'Salir': payload = the user id.
 * Every server process listens.
 */
export const SESSIONS_CHANNEL = "valoriza_sesiones";

export interface SessionCacheOptions {
  /** Safety net: an entry is re-read after this long even without a notification. */
  ttlMs?: number;
  /** Entries kept at most (oldest dropped first). */
  maxEntries?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

type AuthRow = NonNullable<Awaited<ReturnType<UserLookup>>>;
type Unlisten = () => Promise<void>;
/** Reads a user's session row through `via`: the app's database, or the cache's own connection. */
export type SessionRead = (id: string, via: Executor) => Promise<AuthRow | undefined>;

/**
 * Per-process cache of what a session check needs from the `users` row (id,
 * email, isAdmin, tokenVersion, and the sessions revoked by 'Salir'), so
 * verifying a token costs no database read.
 *
 * Revocation stays immediate in every process: a trigger notifies
 * `valoriza_sesiones` after the commit of any change to a user's token
 * version, admin flag or email (or a deletion), and every process drops that
 * user's entry. While this process is not listening (starting, connection
 * lost) nothing is cached: every check reads the database. Entries also
 * expire after `ttlMs` (a few seconds) as a safety net.
 *
 * Races: an entry read before a notification is never stored after it (a
 * generation counter), so a stale version cannot outlive an invalidation.
 * A token NEWER than the cached version (the new token a password change just
 * returned, before this process heard the notification) re-reads the row.
 *
 * On PostgreSQL the reads go over the cache's own listening connection (pipelined), not the pool:
 * a session check never waits for a pooled connection behind the writes of other calls (under the
 * credit-call bench a person's first call waited about 13 ms there, twice: issue 21). Should that
 * read fail (the connection just dropped), the pool answers it.
 */
export class SessionCache {
  private readonly entries = new Map<string, { row: AuthRow; at: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private generation = 0;
  private listening = false;
  private closed = false;
  private unlisten: Unlisten | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay = 500;
  private starting: Promise<void> | null = null;
  /** The listening connection as an executor (PostgreSQL, while listening): the reads' way. */
  private reader: Executor | null = null;

  constructor(
    private readonly db: Db,
    private readonly read: SessionRead,
    private readonly opts: SessionCacheOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 5000;
    this.maxEntries = opts.maxEntries ?? 50_000;
  }

  /** True while invalidations are being received (only then are entries kept). */
  get isListening(): boolean {
    return this.listening;
  }

  /** Entries currently cached (tests, diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /** Starts listening (idempotent); failures are retried in the background. */
  start(): Promise<void> {
    if (!this.starting) {
      this.starting = this.listen().catch((err) => {
        this.opts.log?.warn({ err }, "session cache: LISTEN failed; reading users on every request");
        this.scheduleReconnect();
      });
    }
    return this.starting;
  }

  /**
   * The lookup for `makeAuthenticate`. `tokenVersion` is the version the token
   * carries: a cached row with an older version is re-read.
   */
  readonly lookup = async (id: string, tokenVersion?: number): Promise<AuthRow | undefined> => {
    const key = id.toLowerCase();
    const hit = this.entries.get(key);
    const now = performance.now();
    if (hit && this.listening && now - hit.at < this.ttlMs) {
      if (tokenVersion === undefined || tokenVersion <= hit.row.tokenVersion) return hit.row;
    }
    const generation = this.generation;
    const row = await this.readRow(id);
    // Keep it only if no invalidation (or loss of the channel) happened meanwhile.
    if (row && this.listening && generation === this.generation) {
      this.entries.delete(key);
      this.entries.set(key, { row, at: now });
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return row;
  };

  /** The row through the listening connection when there is one, else (or should it fail) the pool. */
  private async readRow(id: string): Promise<AuthRow | undefined> {
    const reader = this.reader;
    if (reader) {
      try {
        return await this.read(id, reader);
      } catch {
        // the connection dropped under the read: the pool answers it
      }
    }
    return this.read(id, this.db);
  }

  /** This process just learnt that `id` is at `version` (a token was signed): drop an older entry. */
  noteVersion(id: string, version: number): void {
    const hit = this.entries.get(id.toLowerCase());
    if (hit && hit.row.tokenVersion < version) this.invalidate(id);
  }

  /** Drops one user's entry (a notification), or every entry. */
  invalidate(id?: string): void {
    this.generation++;
    if (id === undefined) this.entries.clear();
    else this.entries.delete(id.toLowerCase());
  }

  private async listen(): Promise<void> {
    const client = (this.db as unknown as { $client: unknown }).$client;
    if (client instanceof pg.Pool) {
      await this.connectPg(client);
      return;
    }
    const pglite = client as { listen?: (ch: string, cb: (p: string) => void) => Promise<Unlisten> };
    if (typeof pglite?.listen !== "function") throw new Error("session cache: unsupported driver");
    this.unlisten = await pglite.listen(SESSIONS_CHANNEL, (p) => this.invalidate(p));
    this.listening = true;
  }

  private async connectPg(pool: pg.Pool): Promise<void> {
    const conn = new pg.Client(pool.options as pg.ClientConfig);
    let dropped = false;
    const onDrop = (err?: unknown) => {
      if (dropped) return;
      dropped = true;
      // From now on nothing is served from memory until we listen again.
      this.listening = false;
      this.reader = null;
      this.invalidate();
      if (err) this.opts.log?.warn({ err }, "session cache: LISTEN connection lost; reconnecting");
      conn.removeAllListeners("notification");
      conn.end().catch(() => {});
      this.unlisten = null;
      this.scheduleReconnect();
    };
    conn.on("error", onDrop);
    conn.on("end", () => onDrop());
    conn.on("notification", (m) => {
      if (m.channel === SESSIONS_CHANNEL && m.payload) this.invalidate(m.payload);
    });
    await conn.connect();
    await conn.query(`LISTEN ${SESSIONS_CHANNEL}`);
    this.retryDelay = 500;
    this.invalidate();
    this.reader = dbOnClient(conn);
    this.listening = true;
    this.unlisten = async () => {
      dropped = true;
      this.listening = false;
      this.reader = null;
      conn.removeAllListeners();
      conn.on("error", () => {});
      await conn.end().catch(() => {});
    };
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, 30_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.listen().catch((err) => {
        this.opts.log?.warn({ err }, "session cache: LISTEN reconnect failed");
        this.scheduleReconnect();
      });
    }, delay);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    this.invalidate();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.starting) await this.starting.catch(() => {});
    const un = this.unlisten;
    this.unlisten = null;
    if (un) await un().catch(() => {});
  }
}
