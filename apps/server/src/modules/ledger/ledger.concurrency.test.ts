/**
 * Concurrency of the ledger. On PostgreSQL (TEST_DATABASE_URL) the
 * transactions really overlap: each one opens, waits at a barrier until all
 * have started, then moves credits and lingers a little before committing.
 * On PGlite transactions serialize (one connection), so the same scenarios run
 * one after the other and must give the same totals.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Tx } from "../../db/client.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { freshDatabase } from "../../test/harness.ts";
import { pgError } from "./ledger.errors.ts";
import {
  blockFromAvailable,
  checkInvariants,
  destroyHold,
  getSystemBalances,
  getUserBalances,
  issueBlocked,
  releaseHold,
  transfer,
} from "./ledger.service.ts";
import { createUser, createUsers, quietPoolErrors } from "./ledger.testkit.ts";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  quietPoolErrors(database);
});
afterAll(() => drop());

const real = () => database.kind === "postgres";

function barrier(n: number): () => Promise<void> {
  let waiting = 0;
  let open!: () => void;
  const gate = new Promise<void>((r) => {
    open = r;
  });
  return async () => {
    if (++waiting >= n) open();
    await gate;
  };
}

/**
 * Runs `fns` each in its own transaction. On PostgreSQL all transactions are
 * open at once before any of them moves credits, and each holds its locks a
 * few milliseconds longer before committing.
 */
async function concurrently<T>(fns: ((tx: Tx) => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
  const wait = real() ? barrier(fns.length) : async () => {};
  return Promise.allSettled(
    fns.map((fn) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await wait();
        const r = await fn(tx);
        if (real()) await tx.execute(sql`select pg_sleep(0.005)`);
        return r;
      }),
    ),
  );
}

const fulfilled = <T>(rs: PromiseSettledResult<T>[]) =>
  rs.filter((r): r is PromiseFulfilledResult<T> => r.status === "fulfilled").map((r) => r.value);
const rejected = <T>(rs: PromiseSettledResult<T>[]) =>
  rs.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason as Record<string, unknown>);

function expectNoDeadlock<T>(rs: PromiseSettledResult<T>[]) {
  for (const e of rejected(rs)) {
    expect(pgError(e)?.code).not.toBe("40P01");
    expect(e.code).not.toBe("CONFLICT");
  }
}

async function expectBalanced() {
  const inv = await checkInvariants(database.db);
  expect(inv.problems).toEqual([]);
  expect(inv).toMatchObject({
    sumIsZero: true,
    noNegative: true,
    balancesMatchTransfers: true,
    holdsMatchBloqueado: true,
  });
}

async function fund(userId: string, amount: number) {
  const ref = uuidv7();
  await database.db.transaction((tx) => issueBlocked(tx, { userId, amount, refType: "activo", refId: ref }));
  await database.db.transaction((tx) => releaseHold(tx, { refType: "activo", refId: ref }));
}

describe("ledger under concurrency", () => {
  it("8 parallel destroyHold of one asset: exactly one destroys, the others are no-ops", async () => {
    const u = await createUser(database.db);
    const ref = uuidv7();
    await database.db.transaction((tx) => issueBlocked(tx, { userId: u, amount: 70, refType: "activo", refId: ref }));
    const destroyedBefore = (await getSystemBalances(database.db)).destruccion;

    const rs = await concurrently(
      Array.from({ length: 8 }, () => (tx: Tx) => destroyHold(tx, { refType: "activo", refId: ref })),
    );
    expect(rejected(rs)).toEqual([]);
    const results = fulfilled(rs);
    expect(results.filter((r) => !r.alreadyResolved)).toHaveLength(1);
    expect(results.filter((r) => r.alreadyResolved && r.amount === 0 && r.holdStatus === "destruida")).toHaveLength(7);
    expect(results.reduce((s, r) => s + r.amount, 0)).toBe(70);
    expect((await getSystemBalances(database.db)).destruccion).toBe(destroyedBefore + 70);
    expect(await getUserBalances(database.db, u)).toMatchObject({ creditosDisponibles: 0, creditosBloqueados: 0 });
    await expectBalanced();
  });

  it("a release racing destroys of the same hold: exactly one resolution wins", async () => {
    const u = await createUser(database.db);
    const ref = uuidv7();
    await database.db.transaction((tx) => issueBlocked(tx, { userId: u, amount: 33, refType: "activo", refId: ref }));
    const rs = await concurrently(
      Array.from(
        { length: 10 },
        (_, i) => (tx: Tx) => (i % 2 ? releaseHold : destroyHold)(tx, { refType: "activo", refId: ref }),
      ),
    );
    const results = fulfilled(rs);
    expect(results).toHaveLength(10);
    const winners = results.filter((r) => !r.alreadyResolved);
    expect(winners).toHaveLength(1);
    expect(results.every((r) => r.holdStatus === winners[0]!.holdStatus)).toBe(true);
    const b = await getUserBalances(database.db, u);
    expect(b.creditosBloqueados).toBe(0);
    expect(b.creditosDisponibles).toBe(winners[0]!.holdStatus === "liberada" ? 33 : 0);
    await expectBalanced();
  });

  it("20 parallel spends of the same credits never go negative; successes match the balance", async () => {
    const [buyer, ...others] = await createUsers(database.db, 4);
    await fund(buyer!, 100);
    const rs = await concurrently(
      Array.from(
        { length: 20 },
        (_, i) => (tx: Tx) =>
          i % 4 === 0
            ? transfer(tx, {
                from: { userId: buyer!, kind: "disponible" },
                to: { system: "tienda" },
                amount: 15,
                kind: "compra_tienda",
              })
            : transfer(tx, {
                from: { userId: buyer!, kind: "disponible" },
                to: { userId: others[i % 3]!, kind: "disponible" },
                amount: 15,
                kind: "alquiler",
              }),
      ),
    );
    const ok = fulfilled(rs);
    const failed = rejected(rs);
    expect(ok).toHaveLength(6); // 6 x 15 = 90 <= 100 < 105
    expect(failed).toHaveLength(14);
    for (const e of failed) expect(e).toMatchObject({ code: "INSUFFICIENT_FUNDS", status: 422 });
    expect(ok.map((r) => r.fromBalance).sort((a, b) => b - a)).toEqual([85, 70, 55, 40, 25, 10]);
    const b = await getUserBalances(database.db, buyer!);
    expect(b.creditosDisponibles).toBe(100 - 15 * ok.length);
    await expectBalanced();
  });

  it("parallel guarantees and spends from one disponible never over-commit it", async () => {
    const [borrower, lender] = await createUsers(database.db, 2);
    await fund(borrower!, 50);
    const rs = await concurrently(
      Array.from(
        { length: 12 },
        (_, i) =>
          (tx: Tx): Promise<unknown> =>
            i % 2
              ? blockFromAvailable(tx, { userId: borrower!, amount: 10, refType: "prestamo", refId: uuidv7() })
              : transfer(tx, {
                  from: { userId: borrower!, kind: "disponible" },
                  to: { userId: lender!, kind: "disponible" },
                  amount: 10,
                  kind: "alquiler",
                }),
      ),
    );
    expect(fulfilled(rs)).toHaveLength(5);
    for (const e of rejected(rs)) expect(e).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    const b = await getUserBalances(database.db, borrower!);
    const l = await getUserBalances(database.db, lender!);
    expect(b.creditosDisponibles).toBe(0);
    expect(b.creditosBloqueados + l.creditosDisponibles).toBe(50);
    await expectBalanced();
  });

  it("transfers in opposite directions (A->B and B->A) never deadlock", async () => {
    const [a, b, c] = await createUsers(database.db, 3);
    await fund(a!, 1000);
    await fund(b!, 1000);
    await fund(c!, 1000);
    const pairs: [string, string][] = [
      [a!, b!],
      [b!, a!],
      [b!, c!],
      [c!, b!],
      [c!, a!],
      [a!, c!],
    ];
    const expected = new Map([a!, b!, c!].map((u) => [u, 1000]));
    for (let round = 0; round < 5; round++) {
      const rs = await concurrently(
        Array.from({ length: 16 }, (_, i) => {
          const [from, to] = pairs[i % pairs.length]!;
          const amount = 1 + ((i + round) % 5);
          // from pays `amount`; `to` gets 2 new credits issued, released, and pays them to `from`.
          expected.set(from, expected.get(from)! - amount + 2);
          expected.set(to, expected.get(to)! + amount);
          return async (tx: Tx) => {
            // Two movements in opposite order inside one transaction, plus a hold on the way.
            await transfer(tx, {
              from: { userId: from, kind: "disponible" },
              to: { userId: to, kind: "disponible" },
              amount,
              kind: "alquiler",
            });
            // A hold that is not an asset's: 80 assets a minute would be a burst the limits flag (ADR 015).
            const ref = uuidv7();
            await issueBlocked(tx, { userId: to, amount: 2, refType: "prueba", refId: ref });
            await releaseHold(tx, { refType: "prueba", refId: ref });
            await transfer(tx, {
              from: { userId: to, kind: "disponible" },
              to: { userId: from, kind: "disponible" },
              amount: 2,
              kind: "alquiler",
            });
          };
        }),
      );
      expectNoDeadlock(rs);
      expect(rejected(rs)).toEqual([]);
    }
    for (const [u, credits] of expected) {
      expect(await getUserBalances(database.db, u)).toMatchObject({
        creditosDisponibles: credits,
        creditosBloqueados: 0,
      });
    }
    expect([...expected.values()].reduce((x, y) => x + y, 0)).toBe(3000 + 5 * 16 * 2);
    await expectBalanced();
  });

  it("paying a user while their hold is released concurrently does not deadlock (accounts before holds)", async () => {
    const [owner, payer] = await createUsers(database.db, 2);
    await fund(payer!, 100);
    for (let round = 1; round <= 3; round++) {
      const ref = uuidv7();
      await database.db.transaction((tx) =>
        issueBlocked(tx, { userId: owner!, amount: 40, refType: "activo", refId: ref }),
      );
      const rs = await concurrently(
        Array.from({ length: 12 }, (_, i) => async (tx: Tx) => {
          if (i % 2) {
            // Locks the owner's disponible first, then reaches the hold.
            await transfer(tx, {
              from: { userId: payer!, kind: "disponible" },
              to: { userId: owner!, kind: "disponible" },
              amount: 1,
              kind: "alquiler",
            });
          }
          return releaseHold(tx, { refType: "activo", refId: ref });
        }),
      );
      expectNoDeadlock(rs);
      expect(rejected(rs)).toEqual([]);
      expect(fulfilled(rs).filter((r) => !r.alreadyResolved)).toHaveLength(1);
      expect(await getUserBalances(database.db, owner!)).toMatchObject({
        creditosDisponibles: 46 * round,
        creditosBloqueados: 0,
      });
    }
    await expectBalanced();
  });

  it("parallel issues on one reference: exactly one hold opens, the others get CONFLICT", async () => {
    const u = await createUser(database.db);
    const ref = uuidv7();
    const rs = await concurrently(
      Array.from(
        { length: 6 },
        () => (tx: Tx) => issueBlocked(tx, { userId: u, amount: 12, refType: "activo", refId: ref }),
      ),
    );
    expect(fulfilled(rs)).toHaveLength(1);
    const errors = rejected(rs);
    expect(errors).toHaveLength(5);
    for (const e of errors) expect(e).toMatchObject({ code: "CONFLICT", status: 409 });
    expect(await getUserBalances(database.db, u)).toMatchObject({ creditosBloqueados: 12 });
    await expectBalanced();
  });

  // Migration 0027: an issue locks the first emision shard no other transaction holds, and waits
  // only when all 64 are held, for the one it drew.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "an issue takes the one free emision shard, and waits when every shard is held",
    async () => {
      const u = await createUser(database.db);
      const shardOf = async (ref: string) => {
        const r = (await database.rawQuery(
          `select a.shard from transfers t join accounts a on a.id = t.debit_account_id
            where t.ref_type = 'activo' and t.ref_id = $1`,
          [ref],
        )) as { shard: number }[];
        return r[0]?.shard;
      };
      const issue = (ref: string) =>
        database.db.transaction((tx) => issueBlocked(tx, { userId: u, amount: 1, refType: "activo", refId: ref }));
      // Another transaction holds 63 shards: every issue lands on the free one, at once; then it
      // takes the 64th too, and an issue waits until the holder commits.
      const gate = () => {
        let open!: () => void;
        const opened = new Promise<void>((r) => {
          open = r;
        });
        return { open, opened };
      };
      const [held63, go64, held64, release] = [gate(), gate(), gate(), gate()];
      const holder = database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select id from accounts where user_id is null and kind = 'emision' and shard <> 41 for no key update`,
        );
        held63.open();
        await go64.opened;
        await tx.execute(sql`select id from accounts where user_id is null and kind = 'emision' for no key update`);
        held64.open();
        await release.opened;
      });
      await held63.opened;
      for (let i = 0; i < 5; i++) {
        const ref = uuidv7();
        await issue(ref);
        expect(await shardOf(ref)).toBe(41);
      }
      go64.open();
      await held64.opened;
      const ref = uuidv7();
      let done = false;
      const waiting = issue(ref).then(() => {
        done = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(done).toBe(false);
      release.open();
      await holder;
      await waiting;
      expect(await shardOf(ref)).toBeTypeOf("number");
      expect(await getUserBalances(database.db, u)).toMatchObject({ creditosBloqueados: 6 });
      await expectBalanced();
    },
  );
});
