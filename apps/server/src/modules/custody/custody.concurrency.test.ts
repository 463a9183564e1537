/**
 * Races on one asset and one custody (issue 8 Tests): 20 buyers for one asset,
 * parallel confirmations of one code, a confirmation racing a cancellation.
 * On PostgreSQL (npm run test:pg) the requests really run in parallel on a pool;
 * on PGlite they interleave on one connection. Every race ends with the ledger balanced.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, PRICE, quietPool } from "./custody.testkit.ts";

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
});
afterAll(() => t.close());

async function expectBalanced() {
  const inv = await k.invariants();
  expect(inv.problems).toEqual([]);
  expect(inv.escrowMatches, JSON.stringify(inv.escrow)).toBe(true);
}

describe("races", () => {
  it("20 buyers race for one asset: one custody, one payment, the rest refused with no balance change", async () => {
    const [seller] = (await k.users(1)) as [TestUser];
    const asset = await k.listFor(seller);
    const buyers = (await k.users(20)) as TestUser[];
    for (const b of buyers) await k.fund(b, 2000);
    const results = await Promise.all(buyers.map((b) => k.buy(b, asset._id, seller.id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(json(r).message).toMatch(/ya no está disponible/);
    }
    const winner = buyers[codes.indexOf(201)] as TestUser;
    for (const b of buyers) {
      expect(await k.balance(b)).toEqual({ disponibles: b === winner ? 2000 - PRICE : 2000, bloqueados: 0 });
    }
    expect(await k.custodies(seller)).toHaveLength(1);
    await expectBalanced();
  });

  it("parallel confirmations of one code confirm once", async () => {
    const [seller, buyer] = (await k.users(2)) as [TestUser, TestUser];
    await k.fund(buyer, 2000);
    const asset = await k.listFor(seller);
    const c = json(await k.buy(buyer, asset._id, seller.id)).custodia;
    const code = await k.codeOf(seller, c._id);
    const results = await Promise.all(Array.from({ length: 10 }, () => k.confirm(buyer, code)));
    expect(results.map((r) => r.statusCode).every((s) => s === 200)).toBe(true);
    expect(await k.balance(seller)).toEqual({ disponibles: 2 * PRICE, bloqueados: 0 });
    expect(await k.balance(buyer)).toEqual({ disponibles: 2000 - PRICE, bloqueados: 0 });
    await expectBalanced();
  });

  it("a confirmation racing a cancellation ends in exactly one of them", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const [seller, buyer] = (await k.users(2)) as [TestUser, TestUser];
      await k.fund(buyer, 2000);
      const asset = await k.listFor(seller);
      const c = json(await k.buy(buyer, asset._id, seller.id)).custodia;
      const code = await k.codeOf(seller, c._id);
      const [conf, canc] =
        i % 2 === 0
          ? await Promise.all([k.confirm(buyer, code), k.cancel(seller, c._id)])
          : (await Promise.all([k.cancel(seller, c._id), k.confirm(buyer, code)])).reverse();
      const ok = [conf?.statusCode, canc?.statusCode];
      expect(
        ok.filter((s) => s === 200),
        JSON.stringify(ok),
      ).toHaveLength(1);
      expect(ok.filter((s) => s === 409)).toHaveLength(1);
      const estado = (await k.custodies(buyer))[0].estado;
      if (conf?.statusCode === 200) {
        expect(estado).toBe("confirmada");
        expect(await k.balance(seller)).toEqual({ disponibles: 2 * PRICE, bloqueados: 0 });
        expect(await k.balance(buyer)).toEqual({ disponibles: 2000 - PRICE, bloqueados: 0 });
      } else {
        expect(estado).toBe("cancelada");
        expect(await k.balance(seller)).toEqual({ disponibles: 0, bloqueados: PRICE });
        expect(await k.balance(buyer)).toEqual({ disponibles: 2000, bloqueados: 0 });
      }
      outcomes.push(estado);
    }
    await expectBalanced();
    expect(outcomes).toHaveLength(6);
  });
});
