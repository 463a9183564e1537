/** Escrow (ledger_escrow): in and out of `custodia` per reference, out at most what went in. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { freshDatabase } from "../../test/harness.ts";
import { escrowHeld, escrowPay, escrowRefund, escrowRelease } from "./ledger.escrow.ts";
import { checkInvariants, getSystemBalances, getUserBalances, transfer } from "./ledger.service.ts";
import { caught, createUsers, quietPoolErrors } from "./ledger.testkit.ts";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  quietPoolErrors(database);
});
afterAll(() => drop());

describe("escrow", () => {
  it("pays in, pays out once, and refuses a second payout or refund of the same reference", async () => {
    const db = database.db;
    const [buyer, seller] = (await createUsers(db, 2)) as [string, string];
    await db.transaction((tx) =>
      transfer(tx, {
        from: { system: "emision" },
        to: { userId: buyer, kind: "disponible" },
        amount: 100,
        kind: "correccion",
      }),
    );
    const ref = { refType: "custodia", refId: uuidv7() };
    const before = (await getSystemBalances(db)).custodia;
    const paid = await db.transaction((tx) => escrowPay(tx, { userId: buyer, amount: 60, ...ref }));
    expect(paid).toMatchObject({ held: 60, userBalance: 40 });
    expect(await escrowHeld(db, ref.refType, ref.refId)).toBe(60);
    expect((await getSystemBalances(db)).custodia).toBe(before + 60);

    const out = await db.transaction((tx) => escrowRelease(tx, { userId: seller, amount: 60, ...ref }));
    expect(out).toMatchObject({ held: 0, userBalance: 60 });
    for (const again of [escrowRelease, escrowRefund]) {
      const e = await caught(() => db.transaction((tx) => again(tx, { userId: buyer, amount: 60, ...ref })));
      expect(e).toMatchObject({ code: "CONFLICT" });
    }
    expect((await getUserBalances(db, seller)).creditosDisponibles).toBe(60);
    expect((await getUserBalances(db, buyer)).creditosDisponibles).toBe(40);

    const short = await caught(() => db.transaction((tx) => escrowPay(tx, { userId: buyer, amount: 41, ...ref })));
    expect(short).toMatchObject({ code: "INSUFFICIENT_FUNDS", message: "No tienes suficientes créditos disponibles" });
    const inv = await checkInvariants(db);
    expect(inv.problems).toEqual([]);
  });

  it("parallel payouts of one escrow pay once", async () => {
    const db = database.db;
    const [buyer, a, b] = (await createUsers(db, 3)) as [string, string, string];
    await db.transaction((tx) =>
      transfer(tx, {
        from: { system: "emision" },
        to: { userId: buyer, kind: "disponible" },
        amount: 50,
        kind: "correccion",
      }),
    );
    const ref = { refType: "custodia", refId: uuidv7() };
    await db.transaction((tx) => escrowPay(tx, { userId: buyer, amount: 50, ...ref }));
    const results = await Promise.allSettled([
      db.transaction((tx) => escrowRelease(tx, { userId: a, amount: 50, ...ref })),
      db.transaction((tx) => escrowRefund(tx, { userId: buyer, amount: 50, ...ref })),
      db.transaction((tx) => escrowRelease(tx, { userId: b, amount: 50, ...ref })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await escrowHeld(db, ref.refType, ref.refId)).toBe(0);
    const total =
      (await getUserBalances(db, a)).creditosDisponibles +
      (await getUserBalances(db, b)).creditosDisponibles +
      (await getUserBalances(db, buyer)).creditosDisponibles;
    expect(total).toBe(50);
    expect((await checkInvariants(db)).problems).toEqual([]);
  });
});
