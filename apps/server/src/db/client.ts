import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { type ExtractTablesWithRelations, type RelationalSchemaConfig, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

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

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20 });
    // An idle client dropped by the server (restart, DROP DATABASE in tests) must not crash the process.
    pool.on("error", () => {});
    // Fail fast with a clear message when the server is not reachable.
    const c = await pool.connect();
    c.release();
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const { fullSchema, schema: tables, tableNamesMap } = db._;
    pgOpeners.set(db, {
      pool,
      dialect: new PgDialect(),
      schema: { fullSchema, schema: tables as ExtractTablesWithRelations<Schema>, tableNamesMap },
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
  const db = drizzlePglite(client, { schema }) as unknown as Db;
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
 * inlines (ids are checked against UUID_RE); free text is never inlined.
 */
export type InlineStatements = readonly string[];
/** The rows of each inline statement, in order. */
export type StatementRows = Record<string, unknown>[][];

interface PgOpener {
  pool: pg.Pool;
  dialect: PgDialect;
  schema: RelationalSchemaConfig<ExtractTablesWithRelations<Schema>>;
}

/** node-postgres databases opened by openDatabase, and the pooled client of each transaction opened here. */
const pgOpeners = new WeakMap<Db, PgOpener>();
const txClients = new WeakMap<Tx, pg.PoolClient>();

const rowsOf = (r: unknown): Record<string, unknown>[] => (r as { rows?: Record<string, unknown>[] }).rows ?? [];

async function simpleQuery(client: pg.PoolClient, statements: readonly string[]): Promise<StatementRows> {
  const res = (await client.query(statements.join(";\n"))) as unknown as pg.QueryResult | pg.QueryResult[];
  return (Array.isArray(res) ? res : [res]).map(rowsOf);
}

/**
 * Runs `work` in one transaction whose `first` statements run right after BEGIN, in order, each
 * with its own snapshot (READ COMMITTED). On PostgreSQL (node-postgres) BEGIN and `first` are one
 * message, one round trip; COMMIT (or ROLLBACK when `work` throws) is the last. PGlite (one
 * in-process connection, no network) runs drizzle's own transaction and the same statements one
 * by one before `work`. The transaction object is drizzle's, so nested transactions (savepoints)
 * and every query builder work as in `db.transaction`.
 */
export async function transactionWith<T>(
  db: Db,
  first: InlineStatements,
  work: (tx: Tx, rows: StatementRows) => Promise<T>,
): Promise<T> {
  const opener = pgOpeners.get(db);
  if (!opener) return db.transaction(async (tx) => work(tx, await runInline(tx, first)));
  const client = await opener.pool.connect();
  const session = new NodePgSession(client, opener.dialect, opener.schema);
  const tx = new NodePgTransaction(opener.dialect, session, opener.schema) as unknown as Tx;
  txClients.set(tx, client);
  let broken: Error | undefined;
  try {
    const [, ...rows] = await simpleQuery(client, ["begin", ...first]);
    const result = await work(tx, rows);
    await client.query("commit");
    return result;
  } catch (error) {
    try {
      await client.query("rollback");
    } catch (e) {
      // The connection is unusable (the error above may be the same failure): drop it from the pool.
      broken = e as Error;
    }
    throw error;
  } finally {
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
  for (const s of statements) out.push(rowsOf(await tx.execute(sql.raw(s))));
  return out;
}
