/** Test helpers of the ledger tests (not a test file itself). */
import { sql } from "drizzle-orm";
import type { Database, Db, Executor, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { openUserAccounts } from "./ledger.accounts.ts";

let seq = 0;

/**
 * The ledger's own tests exercise its mechanics, so their people are identity-verified (ADR 015):
 * an asset's released credits become spendable within the 30-day window and the day's brake
 * (`raiseBrake` keeps a test's many releases under it). The limits have their own tests (modules/limits).
 */
const newUser = (name: string) => ({
  id: uuidv7(),
  email: `ledger.${process.pid}.${Date.now()}.${seq++}@valoriza.test`,
  passwordHash: "x",
  name,
  verified: true,
});

/** Inserts a user (and opens their two accounts); returns the id. */
export async function createUser(db: Db, name = "Prueba"): Promise<string> {
  const [id] = await createUsers(db, 1, name);
  return id!;
}

/** Inserts `n` users and opens their accounts, in one transaction. */
export async function createUsers(db: Db, n: number, name = "Prueba"): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => newUser(n === 1 ? name : `${name} ${i}`));
  await db.transaction(async (tx) => {
    await tx.insert(users).values(rows);
    for (const r of rows) await openUserAccounts(tx, r.id);
  });
  return rows.map((r) => r.id);
}

/**
 * PostgreSQL only: commits stop waiting for the WAL flush (synchronous_commit
 * off) on this test database. Locking, visibility and constraints are
 * unchanged; only crash durability is, which no test relies on. The property
 * test commits ~10,000 transactions and would otherwise measure the disk.
 */
export async function fastCommits(database: Database): Promise<void> {
  if (database.kind !== "postgres") return;
  await database.db.execute(sql`do $$ begin
    execute format('alter database %I set synchronous_commit = off', current_database()); end $$`);
  await database.db.execute(sql`set synchronous_commit = off`);
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

/**
 * Puts `credits` in circulation in one reserve account (a correcting transfer from emision: the
 * ledger stays balanced), so the platform's daily brake (1 % of the circulation, ADR 015) stays out
 * of the way of a test that releases many assets' credits.
 */
export async function raiseBrake(db: Db, credits = 1_000_000_000): Promise<void> {
  const id = await createUser(db, "Reserva");
  await db.execute(sql`select ledger_move(null::uuid, 'emision'::text, ${id}::uuid, 'disponible'::text,
    ${credits}::bigint, 'correccion'::text, null::text, null::uuid, null::uuid, 'Reserva de prueba'::text)`);
}
