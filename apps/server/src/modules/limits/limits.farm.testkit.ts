/**
 * The farm of the limits property tests (limits.property.test.ts, limits.attack.test.ts; issue 17,
 * ADR 015 "the bound on people"): accounts over HTTP with the injected clock, the steps they take
 * (registrations, cash and credit sales, exchanges, loans with interest, rentals, donations and gifts,
 * looks at their limits, waits), the bound and the checks after them. `t` is a live binding, set by
 * useFarmApp's beforeAll.
 */
import { brakeCap, currentYearInColombia, selfDeclaredBound } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, quietPool } from "../custody/custody.testkit.ts";
import { checkInvariants } from "../ledger/index.ts";
import { verifyPeople } from "./limits.testkit.ts";

export let t: TestContext;
const k = kit(() => t);
export const DAY = 24 * 60 * 60 * 1000;
export const YEAR = currentYearInColombia(new Date());

/** Starts the file's app before its tests and closes it after them. */
export function useFarmApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    quietPool(t.database);
  });
  afterAll(() => t.close());
}

export type Purpose = "vender" | "intercambiar" | "prestar" | "alquilar" | "donar" | "regalar";
export type Step =
  | { kind: "register"; who: number; purpose: Purpose; valueCOP: number }
  | { kind: "sell"; seller: number; buyer: number; inCredits: boolean }
  | { kind: "exchange"; a: number; b: number }
  | { kind: "loan"; lender: number; borrower: number; interes: number }
  | { kind: "rent"; owner: number; renter: number; days: number; pricePerDay: number }
  | { kind: "donate"; donor: number; recipient: number; gift: boolean }
  | { kind: "look"; who: number }
  | { kind: "wait"; days: number };

const who = fc.nat({ max: 49 });
export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("register" as const),
      who,
      purpose: fc.constantFrom<Purpose>("vender", "vender", "intercambiar", "prestar", "alquilar", "donar", "regalar"),
      // 2.222.222 COP: exactly 2.000 credits (the attack's phone); 12.000.000 is flagged (5 x typical);
      // 25.000.000 is refused at issuance.
      valueCOP: fc.constantFrom(300_000, 2_222_222, 2_222_222, 6_000_000, 12_000_000, 25_000_000),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant("sell" as const), seller: who, buyer: who, inCredits: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("exchange" as const), a: who, b: who }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("loan" as const),
      lender: who,
      borrower: who,
      interes: fc.constantFrom(0, 10, 100),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("rent" as const),
      owner: who,
      renter: who,
      days: fc.integer({ min: 1, max: 5 }),
      pricePerDay: fc.constantFrom(0, 10, 200, 1500),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("donate" as const), donor: who, recipient: who, gift: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("look" as const), who }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("wait" as const), days: fc.constantFrom(1, 3, 8, 16, 29, 31) }),
  },
);

/** The Colombian calendar day (YYYY-MM-DD) `offset` days from the clock's today. */
const colombiaDay = (offset = 0) =>
  new Date(t.clock.now().getTime() - 5 * 60 * 60 * 1000 + offset * DAY).toISOString().slice(0, 10);

export interface Account extends TestUser {
  verified: boolean;
  loggedAt: number;
  /** Assets owned and free, by purpose. */
  pool: Record<Purpose, string[]>;
  /** The rental publication of each 'alquilar' asset. */
  rentals: Map<string, string>;
}

const emptyPool = (): Record<Purpose, string[]> => ({
  vender: [],
  intercambiar: [],
  prestar: [],
  alquilar: [],
  donar: [],
  regalar: [],
});

export async function createFarm(n: number, verified: number): Promise<Account[]> {
  const out: Account[] = [];
  for (let i = 0; i < n; i++) {
    const u = await signUp(t.app, { name: `Granja ${i}` });
    out.push({
      ...u,
      verified: i < verified,
      loggedAt: t.clock.now().getTime(),
      pool: emptyPool(),
      rentals: new Map(),
    });
  }
  const ids = out.map((a) => a.id);
  // Their emails are verified (the attack of issue 17 passes that step); V of them verified their identity.
  await t.database.db.execute(
    sql`update users set email_verified_at = now() where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  await verifyPeople(t.database.db, ...out.filter((a) => a.verified).map((a) => a.id));
  return out;
}

/** Sessions last 7 days: sign in again when the clock moved past 6. */
async function fresh(a: Account): Promise<Account> {
  if (t.clock.now().getTime() - a.loggedAt < 6 * DAY) return a;
  const r = await t.app.inject({
    method: "POST",
    url: "/api/users/login",
    payload: { email: a.email, password: a.password },
  });
  expect(r.statusCode, r.body).toBe(200);
  a.auth.authorization = `Bearer ${json(r).data.token}`;
  a.loggedAt = t.clock.now().getTime();
  return a;
}

export const req = async (method: "GET" | "POST" | "PUT" | "PATCH", a: Account, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: (await fresh(a)).auth, ...(payload ? { payload } : {}) });

/** A refusal the rules allow (not enough credits, a limit, a conflict): anything else fails the test. */
function expectOkOr(r: { statusCode: number; body: string }, ok: number) {
  expect([ok, 409, 422], r.body).toContain(r.statusCode);
  return r.statusCode === ok;
}

export async function disponible(a: Account): Promise<number> {
  return (await k.balance(await fresh(a))).disponibles;
}

/** Runs one step; true when it did something (false: nothing to do, or refused as the rules allow). */
export async function step(farm: Account[], s: Step): Promise<boolean> {
  const at = (i: number) => farm[i % farm.length] as Account;
  /**
   * The i-th of the accounts that own a free asset for `purpose` (deals need one); when nobody does,
   * the i-th account registers one first (a phone of 2.000 credits), or null if it is refused.
   */
  const owner = async (i: number, purpose: Purpose) => {
    const owners = farm.filter((a) => a.pool[purpose].length > 0);
    if (owners.length) return owners[i % owners.length] as Account;
    const made = await step(farm, { kind: "register", who: i, purpose, valueCOP: 2_222_222 });
    return made ? at(i) : null;
  };
  /** The i-th account, never `not`. */
  const other = (i: number, not: Account) => {
    const a = at(i);
    return a === not ? at(i + 1) : a;
  };
  switch (s.kind) {
    case "register": {
      const a = at(s.who);
      const r = await req("POST", a, "/api/assets", {
        title: "Teléfono",
        description: "Teléfono de gama alta",
        assetType: "bien",
        origin: "personal",
        category: "Tecnología",
        condition: "nuevo",
        physicalState: "excelente",
        yearOfPurchase: YEAR,
        baseValueCOP: s.valueCOP,
        mainPurpose: s.purpose,
        privacy: "publico",
        images: [],
      });
      if (!expectOkOr(r, 201)) return false;
      a.pool[s.purpose].push(json(r).data._id);
      return true;
    }
    case "sell": {
      const seller = await owner(s.seller, "vender");
      if (!seller || farm.length < 2) return false;
      const buyer = other(s.buyer, seller);
      const assetId = seller.pool.vender.pop() as string;
      let b = await k.buy(await fresh(buyer), assetId, seller.id, { modoPago: s.inCredits ? "creditos" : "dinero" });
      if (b.statusCode === 422 && s.inCredits) b = await k.buy(buyer, assetId, seller.id, { modoPago: "dinero" });
      expect(b.statusCode, b.body).toBe(201);
      const code = await k.codeOf(await fresh(seller), json(b).custodia._id);
      const c = await k.confirm(buyer, code);
      expect(c.statusCode, c.body).toBe(200);
      return true;
    }
    case "exchange": {
      const a = await owner(s.a, "intercambiar");
      if (!a || farm.length < 2) return false;
      const others = farm.filter((x) => x !== a && x.pool.intercambiar.length > 0);
      let b = others[s.b % Math.max(1, others.length)];
      if (!b) {
        const c = other(s.b, a);
        if (await step(farm, { kind: "register", who: farm.indexOf(c), purpose: "intercambiar", valueCOP: 300_000 }))
          b = c;
      }
      if (!b) return false;
      const offered = a.pool.intercambiar.pop() as string;
      const requested = b.pool.intercambiar.pop() as string;
      const p = await req("POST", a, "/api/exchanges", {
        offeredAssetId: offered,
        requestedAssetId: requested,
        targetUserId: b.id,
        message: "¿Cambiamos?",
      });
      expect(p.statusCode, p.body).toBe(201);
      const ok = await req("PATCH", b, `/api/exchanges/${json(p).data._id}/status`, { status: "aceptada" });
      expect(ok.statusCode, ok.body).toBe(200);
      return true;
    }
    case "loan": {
      const lender = await owner(s.lender, "prestar");
      if (!lender || farm.length < 2) return false;
      const borrower = other(s.borrower, lender);
      const assetId = lender.pool.prestar[0] as string;
      const r = await req("POST", borrower, "/api/loans/create", {
        activoId: assetId,
        prestamistaId: lender.id,
        garantiaTipo: "ninguna",
        plazoDias: 7,
        interes: s.interes,
      });
      if (!expectOkOr(r, 201)) return false;
      const id = json(r).data._id;
      const ok = await req("POST", lender, `/api/loans/approve/${id}`);
      if (!expectOkOr(ok, 200)) {
        expect((await req("POST", borrower, `/api/loans/cancel/${id}`)).statusCode).toBeLessThan(500);
        return false;
      }
      const back = await req("POST", lender, `/api/loans/confirm-return/${id}`);
      expect(back.statusCode, back.body).toBe(200);
      return true;
    }
    case "rent": {
      const landlord = await owner(s.owner, "alquilar");
      if (!landlord || farm.length < 2) return false;
      const renter = other(s.renter, landlord);
      const assetId = landlord.pool.alquilar[0] as string;
      let rentalId = landlord.rentals.get(assetId);
      if (!rentalId) {
        const p = await req("POST", landlord, "/api/rentals", {
          ownerId: landlord.id,
          assetId,
          pricePerDay: s.pricePerDay,
          startDate: colombiaDay(0),
          endDate: colombiaDay(300),
          terms: "Entrega en Chapinero",
        });
        if (!expectOkOr(p, 201)) return false;
        rentalId = json(p).data._id as string;
        landlord.rentals.set(assetId, rentalId);
      }
      const b = await req("POST", renter, `/api/rentals/${rentalId}/reservar`, {
        startDate: colombiaDay(0),
        endDate: colombiaDay(s.days - 1),
      });
      // Not enough credits, dates outside the publication or taken: refused cleanly.
      expect([201, 400, 409, 422], b.body).toContain(b.statusCode);
      if (b.statusCode !== 201) return false;
      const done = await req("POST", landlord, `/api/rentals/bookings/${json(b).data._id}/finalizar`);
      expect(done.statusCode, done.body).toBe(200);
      return true;
    }
    case "donate": {
      const purpose = s.gift ? "regalar" : "donar";
      const donor = await owner(s.donor, purpose);
      if (!donor || farm.length < 2) return false;
      const recipient = other(s.recipient, donor);
      const assetId = donor.pool[purpose].pop() as string;
      const d = await req("POST", donor, "/api/donations", {
        assetId,
        recipientId: recipient.id,
        message: "Para ti",
        ...(s.gift ? { kind: "regalo" } : {}),
      });
      expect(d.statusCode, d.body).toBe(201);
      const ok = await req("POST", recipient, `/api/donations/accept/${json(d).data._id}`);
      expect(ok.statusCode, ok.body).toBe(200);
      return true;
    }
    case "look": {
      expect((await req("GET", at(s.who), "/api/limites/mios")).statusCode).toBe(200);
      return true;
    }
    case "wait":
      t.clock.advance(s.days * DAY);
      return true;
  }
}

export interface Bound {
  spendable: number;
  maxUnverified: number;
  bound: number;
}

/** The bound on people, as it stands now. */
export async function bound(farm: Account[], startMs: number): Promise<Bound> {
  const ids = farm.map((a) => sql`${a.id}::uuid`);
  const res = await t.database.db.execute(
    sql`select user_id, balance from accounts where kind = 'disponible' and user_id in (${sql.join(ids, sql`, `)})`,
  );
  const byId = new Map(
    (res as unknown as { rows: { user_id: string; balance: unknown }[] }).rows.map((r) => [
      r.user_id,
      Number(r.balance),
    ]),
  );
  let spendable = 0;
  let maxUnverified = 0;
  for (const a of farm) {
    const d = byId.get(a.id) ?? 0;
    spendable += d;
    if (!a.verified) maxUnverified = Math.max(maxUnverified, d);
  }
  const days = (t.clock.now().getTime() - startMs) / DAY;
  return { spendable, maxUnverified, bound: selfDeclaredBound(farm.filter((a) => a.verified).length, days) };
}

/** Every Colombian day's automatic releases (the windows) stayed within the brake for the circulation now. */
export async function expectBrakeHeld() {
  const res = await t.database.db.execute(sql`select
      to_char(released_at at time zone 'America/Bogota', 'YYYY-MM-DD') as day, sum(amount) as s
    from limit_releases where tipo = 'ventana' group by 1`);
  const circ = await t.database.db.execute(
    sql`select -(select coalesce(sum(balance), 0) from accounts where user_id is null) as c`,
  );
  const cap = brakeCap(Number((circ as unknown as { rows: { c: unknown }[] }).rows[0]?.c ?? 0));
  for (const r of (res as unknown as { rows: { day: string; s: unknown }[] }).rows) {
    expect(Number(r.s), r.day).toBeLessThanOrEqual(cap);
  }
}

export async function expectLedgerSound() {
  const inv = await checkInvariants(t.database.db);
  expect(inv).toMatchObject({
    sumIsZero: true,
    noNegative: true,
    balancesMatchTransfers: true,
    holdsMatchBloqueado: true,
    problems: [],
  });
}
