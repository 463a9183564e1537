/**
 * Races of disputes (issue 19 part 2): two admins resolving one dispute (the same way and opposite
 * ways) make exactly one resolution, one ledger effect and one log entry; a dispute opened while the
 * code is typed ends in exactly one of them (the confirmation wins and the dispute is a 409, or the
 * dispute wins and the code is a 409), never both. On PostgreSQL (TEST_DATABASE_URL) the requests run
 * in parallel on a pool; on PGlite they interleave on one connection. The ledger stays balanced.
 */
import { CUSTODY_DISPUTED_MSG } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext } from "../../test/harness.ts";
import { PRICE, quietPool } from "./custody.testkit.ts";
import { ADMINS, disputeKit } from "./disputes.testkit.ts";

let t: TestContext;
const k = disputeKit(() => t);
beforeAll(async () => {
  t = await createTestApp({ adminEmails: ADMINS });
  quietPool(t.database);
});
afterAll(() => t.close());

async function expectBalanced() {
  const inv = await k.invariants();
  expect(inv.problems).toEqual([]);
  expect(inv.escrowMatches, JSON.stringify(inv.escrow)).toBe(true);
}

describe("dispute races", () => {
  it("two admins resolve one dispute at once: one resolution, one ledger effect, one log entry", async () => {
    const [a1, a2] = [await k.admin(0), await k.admin(1)];
    const plans: ["reembolsar" | "liberar", "reembolsar" | "liberar"][] = [
      ["reembolsar", "reembolsar"],
      ["liberar", "liberar"],
      ["reembolsar", "liberar"],
      ["liberar", "reembolsar"],
    ];
    for (const [first, second] of plans) {
      const s = await k.sale();
      expect((await k.open(s.buyer, s.custodyId)).statusCode).toBe(201);
      const id = await k.disputeOf(s.custodyId);
      const transfersBefore = await k.transfersOf(s.custodyId);
      const [r1, r2] = await Promise.all([
        k.resolve(a1, id, { resultado: first, nota: "Primera decisión" }),
        k.resolve(a2, id, { resultado: second, nota: "Segunda decisión" }),
      ]);
      const codes = [r1.statusCode, r2.statusCode];
      expect(
        codes.filter((c) => c === 200),
        JSON.stringify(codes),
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(1);
      const loser = r1.statusCode === 409 ? r1 : r2;
      expect(json(loser).message).toBe("Esta disputa ya fue resuelta");
      const won = (r1.statusCode === 200 ? first : second) as "reembolsar" | "liberar";
      expect(json(r1.statusCode === 200 ? r1 : r2).data.resultado).toBe(won);
      // One ledger effect: one escrow transfer out of custody, one log row.
      expect((await k.transfersOf(s.custodyId)) - transfersBefore).toBe(1);
      expect(await k.logEntries(id)).toBe(1);
      if (won === "reembolsar") {
        expect(await k.balance(s.buyer)).toEqual({ disponibles: 2000, bloqueados: 0 });
        expect(await k.balance(s.seller)).toEqual({ disponibles: 0, bloqueados: PRICE });
      } else {
        expect(await k.balance(s.buyer)).toEqual({ disponibles: 2000 - PRICE, bloqueados: 0 });
        expect(await k.balance(s.seller)).toEqual({ disponibles: 2 * PRICE, bloqueados: 0 });
      }
    }
    await expectBalanced();
  });

  it("a dispute opened while the code is typed: exactly one of them wins, never both", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const s = await k.sale();
      const [conf, disp] =
        i % 2 === 0
          ? await Promise.all([k.confirm(s.buyer, s.code), k.open(i % 4 === 0 ? s.buyer : s.seller, s.custodyId)])
          : (
              await Promise.all([k.open(i % 4 === 1 ? s.buyer : s.seller, s.custodyId), k.confirm(s.buyer, s.code)])
            ).reverse();
      const codes = [conf?.statusCode, disp?.statusCode];
      const estado = (await k.custodies(s.buyer)).find((c) => c._id === s.custodyId)?.estado;
      if (conf?.statusCode === 200) {
        expect(disp?.statusCode, JSON.stringify(codes)).toBe(409);
        expect(estado).toBe("confirmada");
        expect(await k.balance(s.seller)).toEqual({ disponibles: 2 * PRICE, bloqueados: 0 });
        seen.add("confirmada");
      } else {
        expect(codes, JSON.stringify([conf?.body, disp?.body])).toEqual([409, 201]);
        expect(json(conf as never).message).toBe(CUSTODY_DISPUTED_MSG);
        expect(estado).toBe("en_disputa");
        expect(await k.balance(s.buyer)).toEqual({ disponibles: 2000 - PRICE, bloqueados: 0 });
        expect(await k.balance(s.seller)).toEqual({ disponibles: 0, bloqueados: PRICE });
        seen.add("en_disputa");
      }
    }
    await expectBalanced();
    expect(seen.size).toBeGreaterThanOrEqual(1);
  });
});
