/** Test helpers of the ledger tests (not a test file itself). */
import { sql } from "drizzle-orm";
import type { Database, Db, Executor, Tx } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { openUserAccounts } from "./ledger.accounts.ts";

let seq = 0;

/** Inserts a user (and opens their two accounts); returns the id. */
export async function createUser(db: Db, name = "Prueba"): Promise<string> {
  const id = uuidv7();
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      email: `ledger.${process.pid}.${Date.now()}.${seq++}@valoriza.test`,
      passwordHash: "x",
      name,
    });
    await openUserAccounts(tx, id);
  });
  return id;
}

export async function createUsers(db: Db, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(await createUser(db, `Prueba ${i}`));
  return out;
}

class Rollback extends Error {}

/** Runs `fn` in a transaction that is always rolled back; returns fn's result. */
export async function inRolledBackTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let out: T | undefined;
  try {
    await db.transaction(async (tx) => {
      out = await fn(tx);
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return out as T;
}

/** A cheap fingerprint of the whole ledger, to assert that nothing changed. */
export async function ledgerFingerprint(exec: Executor): Promise<string> {
  const res = await exec.execute(sql`select
    (select count(*) from transfers) as transfers,
    (select coalesce(max(id), 0) from transfers) as max_transfer,
    (select count(*) from holds) as holds,
    (select count(*) from holds where status = 'abierta') as open_holds,
    (select string_agg(id || ':' || balance, ',' order by id) from accounts) as balances`);
  return JSON.stringify((res as unknown as { rows: unknown[] }).rows[0]);
}

/** Runs `fn` and returns the error it throws (fails if it does not throw). */
export async function caught(fn: () => Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await fn();
  } catch (e) {
    return e as Error & Record<string, unknown>;
  }
  throw new Error("expected an error");
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The harness drops a PostgreSQL test database WITH (FORCE) right after
 * pool.end() resolves, which happens before the pool's sockets are closed: a
 * backend still closing is then terminated (57P01) and the pool re-emits that
 * as an 'error' event nobody listens to. Ignore errors of the pool itself
 * (query errors still reject their own promises).
 */
export function quietPoolErrors(database: Database): void {
  const pool = (database.db as unknown as { $client?: { on?: (e: string, f: () => void) => void } }).$client;
  if (database.kind === "postgres" && typeof pool?.on === "function") pool.on("error", () => {});
}
