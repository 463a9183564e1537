import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { type ExtractTablesWithRelations, Param, SQL, StringChunk, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** A raw parameterised query on the driver itself (benchmarks, diagnostics). */
  rawQuery(text: string, params?: unknown[]): Promise<unknown[]>;
  /** The PGlite instance (PGlite only): templates dump it (db/template.ts). */
  pglite?: PGlite;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

// bigint columns come back as JS numbers: every amount is validated far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface DatabaseOptions {
  /** postgres:// URL; absent: PGlite. */
  url?: string | undefined;
  /** PGlite data directory; absent (with no url): in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * PGlite only: a dump of a migrated data folder (db/template.ts) to start from instead of initdb,
   * for an in-memory database or a data folder that does not exist yet (ignored otherwise).
   */
  template?: Blob | undefined;
}

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, btree_gist };

/** Key of the advisory lock that makes concurrent migrations (several replicas starting) run one at a time. */
export const MIGRATION_LOCK_KEY = 7_314_021_001;

/**
 * Drizzle's migrator on PostgreSQL, holding a session advisory lock on its own connection: replicas
 * that start at once migrate one after the other, and the later ones find nothing left to apply.
 */
async function migrateLocked(url: string, db: Db): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  lock.on("error", () => {});
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.end().catch(() => {}); // ending the session releases the lock
  }
}

/** The newest migration's time in drizzle's journal (`when`); undefined when the journal is unreadable. */
function newestMigrationMillis(): number | undefined {
  try {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    return journal.entries.length ? Math.max(...journal.entries.map((e) => e.when)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether drizzle's migrator would apply nothing (issue 21): it applies each migration newer than
 * the newest row of drizzle.__drizzle_migrations, so none when that row is at least the journal's
 * newest. One query instead of reading and hashing every migration file and an empty transaction
 * (~0.15 s of a start on an existing data folder). Any doubt (no table, no journal): false.
 */
async function pgliteUpToDate(client: PGlite): Promise<boolean> {
  const newest = newestMigrationMillis();
  if (newest === undefined) return false;
  try {
    const res = await client.query<{ created_at: string | number | null }>(
      "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
    );
    const last = res.rows[0]?.created_at;
    return last !== undefined && last !== null && Number(last) >= newest;
  } catch {
    return false;
  }
}

/**
 * A connection of its own (not the pool's) as an executor for single statements, e.g. the session
 * cache's listening connection (lib/session-cache.ts). Not for transactions: those take the pool's.
 */
export function dbOnClient(client: pg.Client): Executor {
  return drizzleNodePg(client) as unknown as Db;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20, pipeline: true } as pg.PoolConfig);
    // An idle client dropped by the server (restart, DROP DATABASE in tests) must not crash the process.
    pool.on("error", () => {});
    // Fail fast with a clear message when the server is not reachable.
    const c = await pool.connect();
    c.release();
    const db = drizzleNodePg(pool) as unknown as Db;
    pgOpeners.set(db, {
      pool,
      dialect: new PgDialect(),
      committed: new Set(),
    });
    return {
      db,
      kind: "postgres",
      migrate: () => migrateLocked(opts.url as string, db),
      close: () => pool.end(),
      rawQuery: async (text, params) => (await pool.query(text, params)).rows,
    };
  }
  const folder = opts.dataDir ? path.join(opts.dataDir, "pgdata") : undefined;
  const fresh = folder === undefined || !existsSync(path.join(folder, "PG_VERSION"));
  const client = await PGlite.create(folder, {
    extensions: PGLITE_EXTENSIONS,
    ...(fresh && opts.template ? { loadDataDir: opts.template } : {}),
  });
  await client.exec("SET TIME ZONE 'UTC'");
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      if (!(await pgliteUpToDate(client))) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    close: () => client.close(),
    rawQuery: async (text, params) => (await client.query(text, params)).rows,
    pglite: client,
  };
}

// ---------------------------------------------------------------------------
// Transactions whose first statements travel with BEGIN (issue 7, ADR 012).
// ---------------------------------------------------------------------------

/**
 * Complete SQL statements with their values already inlined, sent together as ONE message
 * (simple query protocol) on PostgreSQL. The builder of each statement validates every value it
 * inlines (ids are checked against UUID_RE; `foresee` writes only ids, words, numbers and ISO dates);
 * free text is never inlined.
 */
export type InlineStatements = readonly (string | ForeseenRead | BoundStatement)[];

/**
 * A statement of an opening whose values stay parameters (`bind`): on PostgreSQL it travels in the
 * opening's round trip as a NAMED statement, so each connection parses and plans it once (a plain
 * inline statement is parsed and planned on every call). An opening with bound statements foresees
 * no read.
 */
export interface BoundStatement {
  readonly bound: SQL;
}

/** `query` as a bound statement of an opening (InlineStatements). */
export function bind(query: SQL): BoundStatement {
  return { bound: query };
}

const isBound = (s: InlineStatements[number]): s is BoundStatement => typeof s !== "string" && "bound" in s;
/** The rows of each inline statement, in order (none for a foreseen read: its code reads them). */
export type StatementRows = Record<string, unknown>[][];

/**
 * A read the transaction's code will make next, exactly as it will send it (its text and values),
 * sent ahead with BEGIN (`transactionWith`'s first; issue 21). Built by `foresee`.
 */
export interface ForeseenRead {
  readonly foreseen: string;
}

interface PgOpener {
  pool: pg.Pool;
  dialect: PgDialect;
  /** Told after each COMMIT of a transaction opened by transactionWith (onCommitted). */
  committed: Set<() => void>;
}

/** node-postgres databases opened by openDatabase, and the pooled client of each transaction opened here. */
const pgOpeners = new WeakMap<Db, PgOpener>();
const txClients = new WeakMap<Tx, pg.PoolClient>();
const pgDialect = new PgDialect();

const rowsOf = (r: unknown): Record<string, unknown>[] => (r as { rows?: Record<string, unknown>[] }).rows ?? [];

/**
 * Sends `statements` as one message. A plain statement answers its rows (as `client.query(text)`
 * would); a foreseen read answers none: its result waits in the client's queue for the query that
 * the code sends next (`answerForeseen`).
 */
async function simpleQuery(client: pg.PoolClient, statements: InlineStatements): Promise<StatementRows> {
  if (statements.some(isBound)) return pipelinedOpening(client, statements);
  const texts = statements.map((s) => (typeof s === "string" ? s : (s as ForeseenRead).foreseen));
  if (statements.every((s) => typeof s === "string")) {
    const res = (await client.query(texts.join(";\n"))) as unknown as pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(res) ? res : [res]).map(rowsOf);
  }
  // Arrays with drizzle's types: a foreseen read's result is then exactly what drizzle would get.
  const out = (await client.query({ text: texts.join(";\n"), rowMode: "array", types: RAW_TYPES })) as unknown as
    | pg.QueryResult
    | pg.QueryResult[];
  const results = Array.isArray(out) ? out : [out];
  const queue = txStates.get(client)?.foreseen;
  const rows = statements.map((s, i) => {
    const r = results[i] as pg.QueryResult<unknown[]>;
    if (typeof s === "string") return asObjects(r, true);
    // Outside a transaction opened here nothing would ask for it: the read is simply made early.
    queue?.push({ text: (s as ForeseenRead).foreseen, result: Promise.resolve(r) });
    return [];
  });
  return rows;
}

/**
 * An opening with bound statements: each statement a query of its own (a plain one in the simple
 * protocol, a bound one named, as executeNamed sends it), all written in one go (the pipeline), so
 * still one round trip. Rows as `client.query(text)` would give them.
 */
async function pipelinedOpening(client: pg.PoolClient, statements: InlineStatements): Promise<StatementRows> {
  const sent = statements.map((s) => {
    if (typeof s === "string") return client.query(s);
    if (!isBound(s)) throw new Error("db: an opening with bound statements foresees no read");
    const { sql: text, params } = compileQuery(s.bound) ?? pgDialect.sqlToQuery(s.bound);
    const name = nameOf(text);
    return client.query(name === undefined ? { text, values: params } : { name, text, values: params });
  });
  // Each is awaited in order below; a later one's failure (the transaction aborted) must not go unhandled.
  for (const q of sent) q.catch(ignore);
  const out: StatementRows = [];
  for (const q of sent) out.push(rowsOf(await q));
  return out;
}

// ---------------------------------------------------------------------------
// Foreseen reads (issue 21): a transaction's first reads, known before it starts (the locks of a
// deal's step, its record, the checks of its guards), travel with BEGIN instead of one round trip
// each. The code still sends each of them, in its order; the client answers them from what the
// opening message read, one after the other, while each query is exactly (text and values) the next
// one foreseen. The first query that is not drops the rest, which then are simply extra reads made
// earlier. So the transaction ran the same statements in the same order, only sooner: as if the
// app had sent them back to back. Only reads and the locks the code takes anyway in that same order
// may be foreseen (an extra lock would be held to the end).
// ---------------------------------------------------------------------------

interface Foreseen {
  text: string;
  /** Its result: read with BEGIN (simpleQuery), or still on its way right behind a query (foreseeNext). */
  result: Promise<pg.QueryResult<unknown[]>>;
}

/** A read foreseeNext will send: its text and values as the code will send them, and its key (values inlined). */
interface NextRead {
  text: string;
  params: unknown[];
  key: string;
}

/** A query builder bound to no database: it builds the SQL a repository function will send, to foresee it. */
export const queryBuilder: Db = drizzleNodePg.mock() as unknown as Db;

/** The read `query` will make (a query builder's or an `execute`'s SQL), foreseen: see ForeseenRead. */
export function foresee(query: SQL | { toSQL(): { sql: string; params: unknown[] } }): ForeseenRead {
  const { sql: text, params } = query instanceof SQL ? pgDialect.sqlToQuery(query) : query.toSQL();
  return { foreseen: inlineValues(text, params) };
}

/** `query` as an inline statement (InlineStatements): its values written in; throws on one that cannot be. */
export function inlineStatement(query: SQL): string {
  return foresee(query).foreseen;
}

/** `foresee`, or nothing when a value (e.g. from a request) cannot be inlined: the code then just reads it. */
export function foreseeIfSafe(query: SQL | { toSQL(): { sql: string; params: unknown[] } }): ForeseenRead[] {
  try {
    return [foresee(query)];
  } catch {
    return [];
  }
}

/** Values that may be written into a statement's text: ids, words, numbers, ISO dates (no quote, no backslash). */
const INLINE_SAFE = /^[A-Za-z0-9_.:+\- ]{0,200}$/;

/**
 * `text` with its `$n` parameters written as literals (an unknown-type literal is typed by its
 * context as a parameter is). Throws on a value that is not plainly safe to write.
 */
function inlineValues(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_m, n: string) => {
    const v = params[Number(n) - 1];
    if (v === null) return "null";
    if (typeof v === "number" && Number.isFinite(v)) return `'${v}'`;
    if (typeof v === "boolean") return `'${v}'`;
    if (typeof v === "string" && INLINE_SAFE.test(v)) return `'${v}'`;
    throw new Error("foresee: a value cannot be inlined");
  });
}

/** A simple-protocol result's rows as objects; `reparse`: dates as `client.query(text)` parses them. */
function asObjects(r: pg.QueryResult<unknown[]>, reparse: boolean): Record<string, unknown>[] {
  const fields = r.fields ?? [];
  const parsers = fields.map((f) =>
    reparse && RAW_TEXT_TYPES.has(f.dataTypeID) ? pg.types.getTypeParser(f.dataTypeID, "text") : undefined,
  );
  return r.rows.map((row) => {
    const o: Record<string, unknown> = {};
    fields.forEach((f, i) => {
      const v = row[i];
      const parse = parsers[i];
      o[f.name] = v !== null && v !== undefined && parse ? parse(v as string) : v;
    });
    return o;
  });
}

// ---------------------------------------------------------------------------
// Pipelined statements (issue 21). The pool's clients run in node-postgres's pipeline mode: a query
// is written to the socket at once, without waiting for the answers of the ones before it (each keeps
// its own Sync, so each still fails or succeeds on its own). A transaction opened by transactionWith
// on PostgreSQL sends everything through one function (`txQuery`) that
// - answers the foreseen reads (above);
// - lets a statement whose answer nobody reads go "behind" (`executeBehind`): it is sent at once and
//   not awaited; the next query sent travels right behind it, and answers only after it, with its
//   error if it failed (so a caller sees the real cause, never "the transaction is aborted");
// - sends COMMIT right behind the transaction's last statement (`lastStatement`), in the same round
//   trip, and refuses any statement after it.
// ---------------------------------------------------------------------------

/**
 * Live events after the COMMIT (migration 0029, ADR 012): a transaction opened by transactionWith
 * on PostgreSQL sets `valoriza.live_deferred` with its BEGIN, so `live_publish` keeps its events in
 * `live_pending` instead of notifying inside the transaction; after the COMMIT the listeners of
 * `onCommitted` (the events area's flusher) are told, and notify them from a transaction of their own.
 */
// SET LOCAL rather than `select set_config(..., true)`: the same transaction-scoped setting, but a
// utility statement, neither planned nor executed: 62–65 against 80–90 us of PostgreSQL's CPU for
// BEGIN, the setting and COMMIT (20 000 transactions each way, three rounds; issue 21).
const LIVE_DEFERRED = "set local valoriza.live_deferred = on";

/**
 * Calls `listener` after each COMMIT of a transaction opened by transactionWith on PostgreSQL (not
 * awaited; a throw is ignored). Returns the function that stops it; undefined (nothing registered)
 * where no transaction keeps its live events (PGlite).
 */
export function onCommitted(db: Db, listener: () => void): (() => void) | undefined {
  const opener = pgOpeners.get(db);
  if (!opener) return undefined;
  opener.committed.add(listener);
  return () => opener.committed.delete(listener);
}

function tellCommitted(opener: PgOpener): void {
  for (const listener of opener.committed) {
    try {
      listener();
    } catch {
      // A listener's failure is its own.
    }
  }
}

interface TxState {
  foreseen: Foreseen[];
  /** Statements sent by executeBehind whose answers the next query waits for. */
  behind: Promise<unknown>[];
  /** The error of the first of them that failed (mapped): what the transaction fails with. */
  failed?: unknown;
  /** Whether the work's last statement may carry COMMIT (not when the unit of work writes after it). */
  commitEarly: boolean;
  /** Set by lastStatement: the next query sent is the transaction's last one. */
  armed: boolean;
  /** COMMIT, once lastStatement sent it. */
  commit?: Promise<pg.QueryResult>;
  /** Set by foreseeNext: reads sent right behind the next query the code sends. */
  next?: NextRead[];
  /** Set by readAhead: reads sent behind the next query sent, kept for whenever the code makes them. */
  ahead: NextRead[];
  /** readAhead's reads sent, by key, until the code makes them. */
  kept: Map<string, Promise<pg.QueryResult<unknown[]>>>;
}

/** A result read ahead, as the code's own query would have answered it (drizzle's row mode and types). */
function answerAs(c: pg.QueryConfig & { rowMode?: string }, r: pg.QueryResult<unknown[]>) {
  const rows = c.rowMode === "array" ? r.rows : asObjects(r, c.types === undefined);
  return { command: r.command, rowCount: r.rowCount, oid: r.oid, fields: r.fields, rows };
}

/** Sends `reads` on `client` at once (pipelined), each answering in drizzle's raw row mode. */
function sendReads(client: pg.PoolClient, reads: readonly NextRead[]) {
  return reads.map((q) => {
    const result = send(client, [{ text: q.text, values: q.params, rowMode: "array", types: RAW_TYPES }]) as Promise<
      pg.QueryResult<unknown[]>
    >;
    result.catch(ignore);
    return { key: q.key, result };
  });
}
const txStates = new WeakMap<pg.PoolClient, TxState>();

/** The driver's own query (the prototype's, looked up at each call: tests count its calls). */
function send(client: pg.PoolClient, args: unknown[]): unknown {
  coalesceWrites(client);
  return (pg.Client.prototype.query as unknown as (...a: unknown[]) => unknown).apply(client, args);
}

/**
 * The messages a transaction sends in one go (a statement sent behind and the query after it, the
 * last statement and COMMIT, the foreseen reads) leave in ONE socket write: the connection's socket
 * is corked until the current synchronous code ends (process.nextTick, before any I/O or promise
 * continuation). Without it each query was a write of its own; a write on loopback TCP costs tens
 * of microseconds of the process's CPU on a VM (issue 21: writes were 28 % of a registration's).
 */
const corkedSockets = new WeakSet<object>();
function coalesceWrites(client: pg.PoolClient): void {
  const stream = (
    client as unknown as { connection?: { stream?: NodeJS.WritableStream & { cork?(): void; uncork?(): void } } }
  ).connection?.stream;
  if (!stream?.cork || !stream.uncork || corkedSockets.has(stream)) return;
  stream.cork();
  corkedSockets.add(stream);
  process.nextTick(() => {
    corkedSockets.delete(stream);
    stream.uncork?.();
  });
}

const ignore = () => {};

/** Routes the transaction's queries on `client` through its state (see above) until closeTx. */
function openTx(client: pg.PoolClient, commitEarly: boolean): TxState {
  const st: TxState = { foreseen: [], behind: [], commitEarly, armed: false, ahead: [], kept: new Map() };
  txStates.set(client, st);
  const txQuery = (...args: unknown[]): unknown => {
    const [config, values, callback] = args;
    const promiseStyle = callback === undefined && typeof values !== "function";
    const next = st.foreseen[0];
    if ((next || st.kept.size > 0) && promiseStyle && config && typeof config === "object") {
      const c = config as pg.QueryConfig & { rowMode?: string };
      let text: string | undefined;
      try {
        text = inlineValues(c.text, (values as unknown[] | undefined) ?? c.values ?? []);
      } catch {
        text = undefined;
      }
      if (next && text === next.text) {
        st.foreseen.shift();
        // Reads announced for after this query are foreseen already (or sent after the next one sent).
        st.next = undefined;
        return next.result.then((r) => answerAs(c, r));
      }
      const kept = text === undefined ? undefined : st.kept.get(text);
      if (text !== undefined && kept) {
        // A read made ahead (readAhead): nothing is sent, so the foreseen reads stay as they are.
        st.kept.delete(text);
        return kept.then((r) => answerAs(c, r));
      }
    }
    st.foreseen.length = 0;
    if (st.commit) return Promise.reject(new Error("db: a statement after the transaction's last one"));
    const sent = send(client, args);
    // Nothing may follow the transaction's last statement.
    if (st.next) {
      if (!st.armed) for (const r of sendReads(client, st.next)) st.foreseen.push({ text: r.key, result: r.result });
      st.next = undefined;
    }
    if (st.ahead.length > 0) {
      if (!st.armed) for (const r of sendReads(client, st.ahead)) st.kept.set(r.key, r.result);
      st.ahead = [];
    }
    if (st.armed) {
      st.armed = false;
      st.commit = send(client, ["commit"]) as Promise<pg.QueryResult>;
      st.commit.catch(ignore);
    }
    if (st.behind.length === 0 || !promiseStyle) return sent;
    const behind = st.behind;
    st.behind = [];
    (sent as Promise<unknown>).catch(ignore);
    return Promise.all(behind).then(() => sent);
  };
  (client as unknown as { query: unknown }).query = txQuery;
  return st;
}

/** The transaction on `client` ended: its queries go straight to the driver again. */
function closeTx(client: pg.PoolClient) {
  txStates.delete(client);
  // The method was the prototype's (a pooled client has no own `query`).
  delete (client as unknown as { query?: unknown }).query;
}

/** The state of the transaction `exec` runs in, when transactionWith opened it on PostgreSQL. */
function stateOf(exec: Executor): TxState | undefined {
  const client = txClients.get(exec as Tx);
  return client ? txStates.get(client) : undefined;
}

/**
 * Runs `query` (as executeNamed) without waiting for its answer when `exec` is a transaction opened
 * by transactionWith on PostgreSQL: it travels with the next query, which answers only after it and
 * fails with its error (mapped by `onError`, which throws) if it failed; COMMIT waits for it too.
 * For a statement whose rows nobody reads (a step's deferred writes, a row nobody checks).
 * Elsewhere it runs at once.
 */
export async function executeBehind(exec: Executor, query: SQL, onError?: (e: unknown) => never): Promise<void> {
  const st = stateOf(exec);
  const sent = executeNamed(exec, query);
  if (!st) {
    await (onError ? sent.catch(onError) : sent);
    return;
  }
  const tracked = onError ? sent.catch(onError) : sent;
  tracked.catch((e) => {
    st.failed ??= e;
  });
  st.behind.push(tracked);
}

/**
 * The reads the transaction's code will send right after its next query, exactly as it will send
 * them (text and values), in that order: on PostgreSQL, in a transaction opened by transactionWith,
 * they are sent right behind that query, in the same round trip, and the code's own reads are then
 * answered from them (as the reads foreseen with BEGIN: the first query that is not the next one
 * foreseen drops the rest, which were then extra reads made earlier). Each still runs as a statement
 * of its own, after the ones before it (READ COMMITTED: its own snapshot, taken after an earlier
 * lock was granted). Only reads, and locks the code takes anyway next and in that order. Where the
 * next query is itself answered from foreseen reads, or elsewhere (PGlite), nothing is sent ahead.
 * A read whose values cannot be written into its text ends the list there.
 */
export function foreseeNext(exec: Executor, reads: readonly SQL[]) {
  const st = stateOf(exec);
  if (!st || st.commit) return;
  const next: NextRead[] = [];
  for (const q of reads) {
    const r = nextRead(q);
    if (!r) break;
    next.push(r);
  }
  st.next = next.length > 0 ? next : undefined;
}

/** `query` as a read to send ahead, keyed by its text with the values written in; null when a value cannot be. */
function nextRead(query: SQL): NextRead | null {
  const { sql: text, params } = pgDialect.sqlToQuery(query);
  try {
    return { text, params, key: inlineValues(text, params) };
  } catch {
    return null;
  }
}

/**
 * A read the transaction's code will make later in the step, not necessarily next: on PostgreSQL,
 * in a transaction opened by transactionWith, it is sent right behind the next query the code sends
 * (no round trip of its own), and its answer is kept until the code sends exactly this read (text and
 * values), whatever it sends in between. ONLY for reads of rows no statement of the transaction
 * changes (people's names, an asset's title): the answer may come from before the transaction's
 * later writes. Not kept past the transaction; elsewhere (PGlite) nothing is sent ahead.
 */
export function readAhead(exec: Executor, query: SQL): void {
  const st = stateOf(exec);
  if (!st || st.commit) return;
  // A value that cannot be written into the text: the code just reads it when it does.
  const r = nextRead(query);
  if (r) st.ahead.push(r);
}

/**
 * Thrown by a unit of work whose writes must be kept although it fails (a wrong custody code's
 * count): transactionWith commits them, then throws `error`. An idempotent unit of work deletes its
 * key row first (lib/idempotency.ts runOnce): a failed request keeps no key.
 */
export class CommitThenThrow extends Error {
  constructor(readonly error: unknown) {
    super("commit, then fail");
    this.name = "CommitThenThrow";
  }
}

/**
 * `read` makes the transaction's last statement: when `exec` is a plain transaction opened by
 * transactionWith on PostgreSQL, COMMIT is sent right behind its (first) query, one round trip for
 * both, and the transaction refuses any statement after it. For a step's answer: a read whose rows
 * the caller returns. Elsewhere (PGlite, an idempotent unit of work that writes its key row after
 * the work, a savepoint) it is just `read()`.
 */
export async function lastStatement<T>(exec: Executor, read: () => Promise<T>): Promise<T> {
  const st = stateOf(exec);
  if (!st?.commitEarly || st.commit) return read();
  st.armed = true;
  try {
    const value = await read();
    const commit = st.commit as Promise<pg.QueryResult> | undefined;
    if (commit && (await commit).command !== "COMMIT") throw new Error("db: the transaction did not commit");
    return value;
  } finally {
    st.armed = false;
  }
}

/**
 * Runs `work` in one transaction whose `first` statements run right after BEGIN, in order, each
 * with its own snapshot (READ COMMITTED). On PostgreSQL (node-postgres) BEGIN and `first` are one
 * message, one round trip (with no `first`, BEGIN travels with the work's first query); COMMIT (or
 * ROLLBACK when `work` throws) is the last, or travels with the work's last statement
 * (lastStatement). PGlite (one in-process connection, no network) runs drizzle's own transaction
 * and the same statements one by one before `work`. The transaction object is drizzle's, so nested transactions (savepoints)
 * and every query builder work as in `db.transaction`.
 */
export async function transactionWith<T>(
  db: Db,
  first: InlineStatements,
  work: (tx: Tx, rows: StatementRows) => Promise<T>,
  /** `commitEarly: false`: the caller writes after `work` (lastStatement then does not commit). */
  opts: { commitEarly?: boolean } = {},
): Promise<T> {
  const opener = pgOpeners.get(db);
  if (!opener) {
    let kept: CommitThenThrow | undefined;
    const out = await db.transaction(async (tx) => {
      try {
        return await work(tx, await runInline(tx, first));
      } catch (e) {
        if (!(e instanceof CommitThenThrow)) throw e;
        kept = e;
        return undefined as T;
      }
    });
    if (kept) throw kept.error;
    return out;
  }
  const client = await opener.pool.connect();
  // Without the relational schema: drizzle would build a relational query builder per table for
  // every transaction (about 1.4 % of a registration's CPU); no code uses `tx.query` (issue 21).
  const session = new NodePgSession(client, opener.dialect, undefined);
  const tx = new NodePgTransaction(opener.dialect, session, undefined) as unknown as Tx;
  txClients.set(tx, client);
  let broken: Error | undefined;
  const st = openTx(client, opts.commitEarly !== false);
  try {
    let rows: StatementRows = [];
    if (first.length === 0) {
      // Nothing to read with it: BEGIN goes behind the work's first query, in the same round trip.
      const begin = client.query(`begin;\n${LIVE_DEFERRED}`);
      begin.catch(ignore);
      st.behind.push(begin);
    } else {
      [, , ...rows] = await simpleQuery(client, ["begin", LIVE_DEFERRED, ...first]);
    }
    const result = await work(tx, rows);
    st.next = undefined;
    st.ahead = [];
    // COMMIT travels behind what executeBehind sent and answers after it (or with its error).
    if (st.commit) await st.commit;
    else await client.query("commit");
    tellCommitted(opener);
    return result;
  } catch (error) {
    // Reads announced for a query that was never sent are not sent after COMMIT or ROLLBACK.
    st.next = undefined;
    st.ahead = [];
    if (error instanceof CommitThenThrow && !st.commit) {
      // The work failed but keeps what it wrote (COMMIT answers after anything sent behind).
      const done = (await client.query("commit")) as pg.QueryResult;
      if (done.command !== "COMMIT") throw st.failed ?? new Error("db: the transaction did not commit");
      tellCommitted(opener);
      throw error.error;
    }
    // A COMMIT sent by lastStatement ended the transaction either way (ROLLBACK when it was aborted).
    if (!st.commit) {
      st.behind = [];
      try {
        await client.query("rollback");
      } catch (e) {
        // The connection is unusable (the error above may be the same failure): drop it from the pool.
        broken = e as Error;
      }
    }
    // A statement sent behind failed: the query that waited for it failed with it, wrapped by the
    // query builder maybe; the transaction fails with the cause itself, as without pipelining.
    throw st.failed ?? error;
  } finally {
    closeTx(client);
    client.release(broken);
  }
}

/**
 * Runs inline statements inside an open transaction: as one message when the transaction was
 * opened by transactionWith on PostgreSQL, otherwise one by one (PGlite, or drizzle's own
 * transaction). Answers the rows of each statement.
 */
export async function runInline(tx: Tx, statements: InlineStatements): Promise<StatementRows> {
  if (statements.length === 0) return [];
  const client = txClients.get(tx);
  if (client) return simpleQuery(client, statements);
  const out: StatementRows = [];
  // PGlite has no network: a foreseen read is left to the code that makes it.
  for (const s of statements) {
    if (typeof s === "string") out.push(rowsOf(await tx.execute(sql.raw(s))));
    else out.push(isBound(s) ? rowsOf(await tx.execute(s.bound)) : []);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Named (prepared) statements for the hot statements (issue 21, ADR 012).
// ---------------------------------------------------------------------------

/**
 * Statement names by text. A name is never reused for another text (node-postgres remembers, per
 * connection, which names it prepared); past MAX_NAMED texts, new texts run unnamed, so a text that
 * varied without bound could not grow this map or the server's per-connection statement caches.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED = 256;

function nameOf(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `vz_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Dates, times and intervals as the text PostgreSQL sent, as drizzle's `execute` reads them on node-postgres. */
const RAW_TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const RAW_TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    RAW_TEXT_TYPES.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Runs `query` like `exec.execute(query)`, but on node-postgres as a NAMED statement: each
 * connection parses and plans a text once (PostgreSQL then keeps the plan, or re-plans per call
 * when the values matter: its own custom/generic plan choice), and later calls send only the
 * values. For statements built on every call whose text depends only on their shape (the batches
 * of lib/batch.ts), never on values: values are always parameters. PGlite (in process) and
 * drizzle's own transactions run it unnamed, as `execute`.
 */
export async function executeNamed(exec: Executor, query: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  const client = txClients.get(exec as Tx);
  const opener = client ? undefined : pgOpeners.get(exec as Db);
  if (!client && !opener) return (await exec.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const { sql: text, params } = compileQuery(query) ?? (opener?.dialect ?? pgDialect).sqlToQuery(query);
  const name = nameOf(text);
  const config =
    name === undefined ? { text, values: params, types: RAW_TYPES } : { name, text, values: params, types: RAW_TYPES };
  const res = await (client ?? (opener as PgOpener).pool).query(config as pg.QueryConfig);
  return { rows: res.rows as Record<string, unknown>[] };
}

/**
 * drizzle's `dialect.sqlToQuery` for the chunks a batch is made of (text, nested SQL, parameters
 * with their column's encoder, plain values), without its per-chunk generic checks (most of the
 * CPU of building a batch): the same text and values. Null when the query holds anything else
 * (a column, a table, a placeholder, inlined parameters...): the caller then uses drizzle's.
 * `modules/assets/batch-compile.test.ts` compares the two.
 */
export function compileQuery(query: SQL): { sql: string; params: unknown[] } | null {
  const params: unknown[] = [];
  const parts: string[] = [];
  const walk = (q: SQL): boolean => {
    if ((q as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
    for (const chunk of q.queryChunks as unknown[]) {
      if (chunk === undefined) continue;
      if (chunk === null || typeof chunk === "string" || typeof chunk === "number" || typeof chunk === "boolean") {
        params.push(chunk);
        parts.push(`$${params.length}`);
        continue;
      }
      const ctor = (chunk as object).constructor;
      if (ctor === StringChunk) {
        for (const v of (chunk as StringChunk).value) parts.push(v);
      } else if (ctor === SQL) {
        if (!walk(chunk as SQL)) return false;
      } else if (ctor === Param) {
        const p = chunk as Param;
        if (p.value !== null && typeof p.value === "object" && !(p.value instanceof Date) && !Array.isArray(p.value)) {
          // A placeholder, or an object a column encodes (jsonb): only plain objects are known to map to a value.
          if (Object.getPrototypeOf(p.value) !== Object.prototype) return false;
        }
        const mapped = p.value === null ? null : p.encoder.mapToDriverValue(p.value);
        if (mapped instanceof SQL) return false;
        params.push(mapped);
        parts.push(`$${params.length}`);
      } else {
        return false;
      }
    }
    return true;
  };
  return walk(query) ? { sql: parts.join(""), params } : null;
}
