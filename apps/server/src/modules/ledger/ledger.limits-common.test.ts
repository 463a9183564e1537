/**
 * The platform lock of the release rule, taken only for a verified person (issue 21: foreseen right
 * behind an asset's hold resolution, so it is not held in vain when the owner turns out unverified).
 * When the rule needs it and the conditional lock took nothing (verification revoked between the
 * facts and the lock), rowsAfter takes the plain lock before reading: the brake is never read
 * without it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, transactionWith } from "../../db/client.ts";
import { createTestApp, signUp, type TestContext } from "../../test/harness.ts";
import { PLATFORM_LOCK_STATEMENT, platformLockIfVerifiedStatement, rows, rowsAfter } from "./ledger.limits-common.ts";

let t: TestContext;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t?.close());

const advisoryLocksHeld = async (x: Parameters<typeof rows>[0]) =>
  Number(
    (
      await rows<{ n: unknown }>(
        x,
        sql`select count(*) as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid() and granted`,
      )
    )[0]?.n,
  );

describe("the platform lock for a verified person", () => {
  it("is taken for a verified person, not for an unverified one, and the fallback takes it then", async () => {
    const ana = await signUp(t.app);
    const beto = await signUp(t.app);
    await db.execute(sql`update users set verified = true where id = ${ana.id}`);
    const q = sql`select 1 as uno`;

    const verified = await transactionWith(db, [], async (tx) => {
      const r = await rowsAfter<{ uno: number }>(tx, platformLockIfVerifiedStatement(ana.id), q);
      return { r, held: await advisoryLocksHeld(tx) };
    });
    expect(verified).toEqual({ r: [{ uno: 1 }], held: 1 });

    const unverified = await transactionWith(db, [], async (tx) => {
      await rowsAfter(tx, platformLockIfVerifiedStatement(beto.id), q);
      return advisoryLocksHeld(tx);
    });
    expect(unverified).toBe(0);

    const fallback = await transactionWith(db, [], async (tx) => {
      const r = await rowsAfter<{ uno: number }>(
        tx,
        platformLockIfVerifiedStatement(beto.id),
        q,
        PLATFORM_LOCK_STATEMENT,
      );
      return { r, held: await advisoryLocksHeld(tx) };
    });
    expect(fallback).toEqual({ r: [{ uno: 1 }], held: 1 });
  });

  it("refuses an id that is not a uuid", () => {
    expect(() => platformLockIfVerifiedStatement("x' or true --")).toThrow();
  });
});
