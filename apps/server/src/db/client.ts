import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
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
    return {
      db,
      kind: "postgres",
      migrate: () => migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
      rawQuery: async (text, params) => (await pool.query(text, params)).rows,
    };
  }
  const client = await PGlite.create(opts.dataDir ? path.join(opts.dataDir, "pgdata") : undefined, {
    extensions: { pg_trgm, unaccent, btree_gist },
  });
  await client.exec("SET TIME ZONE 'UTC'");
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    rawQuery: async (text, params) => (await client.query(text, params)).rows,
  };
}
