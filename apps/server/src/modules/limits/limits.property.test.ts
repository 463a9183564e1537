/**
 * Property (issue 12, ADR 015): two colluding unverified accounts doing any sequence of
 * registrations, sales to each other through custody (paid in credits or "in cash", which moves
 * no credits), looks at their limits (the read-time window check) and jumps of the injected clock
 * over simulated months never make more spendable credits than the documented bound, and every
 * ledger invariant holds. Sales between them move credits from one to the other, so the bound
 * is on the pair's spendable total; each account's spendable is at most that.
 */
import { collusionBound, currentYearInColombia } from "@valoriza/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit } from "../custody/custody.testkit.ts";
import { checkInvariants } from "../ledger/index.ts";

let t: TestContext;
const k = kit(() => t);
const DAY = 24 * 60 * 60 * 1000;
const YEAR = currentYearInColombia(new Date());

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Step =
  | { kind: "register"; who: 0 | 1; valueCOP: number }
  | { kind: "sell"; seller: 0 | 1; inCredits: boolean }
  | { kind: "look"; who: 0 | 1 }
  | { kind: "wait"; days: number };

const who = fc.constantFrom<0 | 1>(0, 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("register" as const),
      who,
      // 15.000.000 is flagged (5 x typical Tecnología); 25.000.000 is refused at issuance.
      valueCOP: fc.constantFrom(300_000, 1_500_000, 2_500_000, 6_000_000, 9_000_000, 15_000_000, 25_000_000),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("sell" as const), seller: who, inCredits: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("look" as const), who }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("wait" as const), days: fc.constantFrom(1, 7, 16, 29, 30, 31) }),
  },
);

async function relogin(u: TestUser) {
  const r = await t.app.inject({
    method: "POST",
    url: "/api/users/login",
    payload: { email: u.email, password: u.password },
  });
  expect(r.statusCode, r.body).toBe(200);
  u.auth.authorization = `Bearer ${json(r).data.token}`;
}

async function run(steps: Step[]) {
  const pair = [await signUp(t.app, { name: "Ana" }), await signUp(t.app, { name: "Beto" })] as const;
  const start = t.clock.now().getTime();
  // Each account's assets whose credits are still blocked (never sold).
  const unsold: [string[], string[]] = [[], []];
  for (const s of steps) {
    if (s.kind === "register") {
      const r = await k.req("POST", pair[s.who], "/api/assets", {
        title: "Equipo",
        description: "Equipo de trabajo",
        assetType: "bien",
        origin: "personal",
        category: "Tecnología",
        condition: "nuevo",
        physicalState: "excelente",
        yearOfPurchase: YEAR,
        baseValueCOP: s.valueCOP,
        mainPurpose: "vender",
        privacy: "publico",
        images: [],
      });
      expect([201, 422]).toContain(r.statusCode);
      if (r.statusCode === 201) unsold[s.who].push(json(r).data._id);
    } else if (s.kind === "sell") {
      const seller = pair[s.seller];
      const buyer = pair[1 - s.seller] as TestUser;
      const assetId = unsold[s.seller].pop();
      if (!assetId) continue;
      const b = await k.buy(buyer, assetId, seller.id, { modoPago: s.inCredits ? "creditos" : "dinero" });
      if (b.statusCode !== 201) {
        // Not enough credits to pay: sold "in cash" instead (no credits move).
        expect(b.statusCode, b.body).toBe(422);
        const again = await k.buy(buyer, assetId, seller.id, { modoPago: "dinero" });
        expect(again.statusCode, again.body).toBe(201);
        await confirm(seller, buyer, json(again).custodia._id);
      } else {
        await confirm(seller, buyer, json(b).custodia._id);
      }
    } else if (s.kind === "look") {
      expect((await k.req("GET", pair[s.who], "/api/limites/mios")).statusCode).toBe(200);
    } else {
      t.clock.advance(s.days * DAY);
      await relogin(pair[0]);
      await relogin(pair[1]);
    }
    const a = await k.balance(pair[0]);
    const b = await k.balance(pair[1]);
    const days = (t.clock.now().getTime() - start) / DAY;
    expect(a.disponibles + b.disponibles).toBeLessThanOrEqual(collusionBound(2, days));
  }
  const inv = await checkInvariants(t.database.db);
  expect(inv).toMatchObject({
    sumIsZero: true,
    noNegative: true,
    balancesMatchTransfers: true,
    holdsMatchBloqueado: true,
  });
}

async function confirm(seller: TestUser, buyer: TestUser, custodyId: string) {
  const code = await k.codeOf(seller, custodyId);
  const r = await k.confirm(buyer, code);
  expect(r.statusCode, r.body).toBe(200);
}

describe("colluding unverified accounts (ADR 015)", () => {
  it("never make more spendable credits than the documented bound, and the ledger stays sound", async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), run), {
      numRuns: Number(process.env.LIMITS_RUNS ?? 6),
    });
  }, 600_000);
});
