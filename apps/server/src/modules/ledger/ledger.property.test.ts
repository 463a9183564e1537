/**
 * Model-based property test of the ledger: random sequences of registrations
 * (issueBlocked), releases, deactivations (destroyHold), spends, escrows and
 * loan guarantees run against the database and against a tiny in-memory model.
 * After EVERY step the invariants of economy.md hold and the database equals
 * the model. One database per file; each run uses fresh users, so runs (and
 * fast-check's shrinking) never see each other's accounts.
 *
 * LEDGER_PBT_RUNS sets the number of runs (default 1000, about 30-45 s on PGlite);
 * LEDGER_PBT_SEED replays a failing seed.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../../db/client.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { freshDatabase } from "../../test/harness.ts";
import {
  blockFromAvailable,
  checkInvariants,
  destroyHold,
  executeHold,
  getSystemBalances,
  type HoldResolved,
  issueBlocked,
  releaseHold,
  type SystemAccount,
  transfer,
} from "./ledger.service.ts";
import { caught, createUsers, fastCommits, quietPoolErrors } from "./ledger.testkit.ts";

const RUNS = Number(process.env.LEDGER_PBT_RUNS ?? 1000);
const SEED = process.env.LEDGER_PBT_SEED ? Number(process.env.LEDGER_PBT_SEED) : undefined;
const USERS = 3;

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  quietPoolErrors(database);
  await fastCommits(database);
});
afterAll(() => drop());

// ---------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------

type Op =
  | { t: "register"; user: number; amount: number }
  | { t: "release"; asset: number }
  | { t: "deactivate"; asset: number }
  | { t: "spend"; from: number; to: number | "tienda" | "retiros"; amount: number }
  | { t: "escrow"; buyer: number; seller: number; amount: number; confirm: boolean }
  | { t: "guarantee"; user: number; amount: number }
  | { t: "returnGuarantee"; loan: number }
  | { t: "executeGuarantee"; loan: number; lender: number };

const user = fc.integer({ min: 0, max: USERS - 1 });
const amount = fc.integer({ min: 1, max: 300 });
const pick = fc.nat({ max: 50 });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({ t: fc.constant("register" as const), user, amount: fc.integer({ min: 0, max: 500 }) }),
    weight: 4,
  },
  { arbitrary: fc.record({ t: fc.constant("release" as const), asset: pick }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant("deactivate" as const), asset: pick }), weight: 2 },
  {
    arbitrary: fc.record({
      t: fc.constant("spend" as const),
      from: user,
      to: fc.oneof(user, fc.constantFrom("tienda" as const, "retiros" as const)),
      amount,
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      t: fc.constant("escrow" as const),
      buyer: user,
      seller: user,
      amount,
      confirm: fc.boolean(),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant("guarantee" as const), user, amount }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant("returnGuarantee" as const), loan: pick }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant("executeGuarantee" as const), loan: pick, lender: user }), weight: 1 },
);

// ---------------------------------------------------------------------------
// Model
// ---------------------------------------------------------------------------

type HoldState = "abierta" | "liberada" | "destruida" | "ejecutada";
interface ModelHold {
  ref: string;
  refType: "activo" | "prestamo";
  user: number;
  amount: number;
  status: HoldState;
}

class Model {
  disp: number[] = Array(USERS).fill(0);
  bloq: number[] = Array(USERS).fill(0);
  assets: ModelHold[] = [];
  loans: ModelHold[] = [];
  /** Every reference ever issued, including amount-0 assets that never got a hold. */
  refs: { ref: string; refType: "activo" | "prestamo"; hold: ModelHold | null }[] = [];
  constructor(public sys: Record<SystemAccount, number>) {}

  /** Resolves a hold: what the ledger must answer, and the model's new state. */
  resolve(
    h: ModelHold | null,
    to: Exclude<HoldState, "abierta">,
    beneficiary?: number,
  ): Pick<HoldResolved, "amount" | "alreadyResolved" | "holdStatus"> {
    if (!h) return { amount: 0, alreadyResolved: false, holdStatus: null };
    if (h.status !== "abierta")
      return { amount: 0, alreadyResolved: true, holdStatus: h.status as Exclude<HoldState, "abierta"> };
    h.status = to;
    this.bloq[h.user]! -= h.amount;
    if (to === "liberada") this.disp[h.user]! += h.amount;
    else if (to === "destruida") this.sys.destruccion += h.amount;
    else this.disp[beneficiary!]! += h.amount;
    return { amount: h.amount, alreadyResolved: false, holdStatus: to };
  }
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

async function expectDbEqualsModel(db: Db, ids: string[], m: Model) {
  const inv = await checkInvariants(db, { userIds: ids });
  expect(inv.problems).toEqual([]);
  expect(inv).toMatchObject({
    sumIsZero: true,
    noNegative: true,
    balancesMatchTransfers: true,
    holdsMatchBloqueado: true,
  });

  const res = await db.execute(sql`select user_id, kind, balance from accounts
    where user_id is null or user_id = any(string_to_array(${ids.join(",")}, ',')::uuid[])`);
  const rows = (res as unknown as { rows: { user_id: string | null; kind: string; balance: number }[] }).rows;
  const actual: Record<string, number> = {};
  for (const r of rows) actual[r.user_id === null ? r.kind : `${ids.indexOf(r.user_id)}.${r.kind}`] = r.balance;
  const expected: Record<string, number> = { ...m.sys };
  ids.forEach((_, i) => {
    expected[`${i}.disponible`] = m.disp[i]!;
    expected[`${i}.bloqueado`] = m.bloq[i]!;
  });
  expect(actual).toEqual(expected);
}

async function expectHoldsEqualModel(db: Db, m: Model) {
  const refs = m.refs.map((r) => r.ref);
  if (refs.length === 0) return;
  const res = await db.execute(sql`select ref_id, status, amount from holds
    where ref_id = any(string_to_array(${refs.join(",")}, ',')::uuid[])`);
  const rows = (res as unknown as { rows: { ref_id: string; status: string; amount: number }[] }).rows;
  const actual = Object.fromEntries(rows.map((r) => [r.ref_id, `${r.status}:${r.amount}`]));
  const expected = Object.fromEntries(
    m.refs.filter((r) => r.hold).map((r) => [r.ref, `${r.hold!.status}:${r.hold!.amount}`]),
  );
  expect(actual).toEqual(expected);
}

// ---------------------------------------------------------------------------
// One step: the operation on the database and on the model
// ---------------------------------------------------------------------------

const insufficient = { code: "INSUFFICIENT_FUNDS", message: "No tienes suficientes créditos disponibles" };

async function step(db: Db, ids: string[], m: Model, op: Op): Promise<void> {
  const id = (i: number) => ids[i]!;
  switch (op.t) {
    case "register": {
      const ref = uuidv7();
      const r = await db.transaction((tx) =>
        issueBlocked(tx, {
          userId: id(op.user),
          amount: op.amount,
          refType: "activo",
          refId: ref,
          actorUserId: id(op.user),
        }),
      );
      if (op.amount === 0) {
        expect(r).toEqual({ holdId: null, transferId: null });
        m.refs.push({ ref, refType: "activo", hold: null });
        return;
      }
      expect(r.holdId).toEqual(expect.any(Number));
      const h: ModelHold = { ref, refType: "activo", user: op.user, amount: op.amount, status: "abierta" };
      m.assets.push(h);
      m.refs.push({ ref, refType: "activo", hold: h });
      m.bloq[op.user]! += op.amount;
      m.sys.emision -= op.amount;
      return;
    }
    case "release":
    case "deactivate": {
      const assetRefs = m.refs.filter((r) => r.refType === "activo");
      if (assetRefs.length === 0) return;
      const target = assetRefs[op.asset % assetRefs.length]!;
      const r = await db.transaction((tx) =>
        (op.t === "release" ? releaseHold : destroyHold)(tx, { refType: "activo", refId: target.ref }),
      );
      const expected = m.resolve(target.hold, op.t === "release" ? "liberada" : "destruida");
      expect(r).toMatchObject(expected);
      return;
    }
    case "spend": {
      const to = typeof op.to === "number" ? { userId: id(op.to), kind: "disponible" as const } : { system: op.to };
      if (typeof op.to === "number" && op.to === op.from) return;
      const run = () =>
        db.transaction((tx) =>
          transfer(tx, {
            from: { userId: id(op.from), kind: "disponible" },
            to,
            amount: op.amount,
            kind: op.to === "tienda" ? "compra_tienda" : op.to === "retiros" ? "retiro" : "alquiler",
          }),
        );
      if (m.disp[op.from]! < op.amount) {
        expect(await caught(run)).toMatchObject(insufficient);
        return;
      }
      const r = await run();
      m.disp[op.from]! -= op.amount;
      if (typeof op.to === "number") m.disp[op.to]! += op.amount;
      else m.sys[op.to] += op.amount;
      expect(r.fromBalance).toBe(m.disp[op.from]);
      return;
    }
    case "escrow": {
      // Buyer pays into custodia and, in the same transaction, custody is confirmed or cancelled.
      if (op.buyer === op.seller) return;
      const run = () =>
        db.transaction(async (tx) => {
          const ref = uuidv7();
          await transfer(tx, {
            from: { userId: id(op.buyer), kind: "disponible" },
            to: { system: "custodia" },
            amount: op.amount,
            kind: "pago_custodia",
            refType: "custodia",
            refId: ref,
          });
          await transfer(tx, {
            from: { system: "custodia" },
            to: { userId: id(op.confirm ? op.seller : op.buyer), kind: "disponible" },
            amount: op.amount,
            kind: op.confirm ? "liberacion_custodia" : "reembolso_custodia",
            refType: "custodia",
            refId: ref,
          });
        });
      if (m.disp[op.buyer]! < op.amount) {
        expect(await caught(run)).toMatchObject(insufficient);
        return;
      }
      await run();
      if (op.confirm) {
        m.disp[op.buyer]! -= op.amount;
        m.disp[op.seller]! += op.amount;
      }
      return;
    }
    case "guarantee": {
      const ref = uuidv7();
      const run = () =>
        db.transaction((tx) =>
          blockFromAvailable(tx, { userId: id(op.user), amount: op.amount, refType: "prestamo", refId: ref }),
        );
      if (m.disp[op.user]! < op.amount) {
        expect(await caught(run)).toMatchObject(insufficient);
        return;
      }
      await run();
      const h: ModelHold = { ref, refType: "prestamo", user: op.user, amount: op.amount, status: "abierta" };
      m.loans.push(h);
      m.refs.push({ ref, refType: "prestamo", hold: h });
      m.disp[op.user]! -= op.amount;
      m.bloq[op.user]! += op.amount;
      return;
    }
    case "returnGuarantee":
    case "executeGuarantee": {
      if (m.loans.length === 0) return;
      const h = m.loans[op.loan % m.loans.length]!;
      let r: HoldResolved;
      let expected: ReturnType<Model["resolve"]>;
      if (op.t === "returnGuarantee") {
        r = await db.transaction((tx) =>
          releaseHold(tx, { refType: "prestamo", refId: h.ref, kind: "garantia_liberacion" }),
        );
        expected = m.resolve(h, "liberada");
      } else {
        r = await db.transaction((tx) =>
          executeHold(tx, { refType: "prestamo", refId: h.ref, toUserId: id(op.lender) }),
        );
        expected = m.resolve(h, "ejecutada", op.lender);
      }
      expect(r).toMatchObject(expected);
      return;
    }
  }
}

describe("ledger model-based property", () => {
  it(`random operation sequences keep every invariant and match the model (${RUNS} runs)`, async () => {
    const db = database.db;
    const started = performance.now();
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const ids = await createUsers(db, USERS);
        const m = new Model(await getSystemBalances(db));
        for (const op of ops) {
          await step(db, ids, m, op);
          await expectDbEqualsModel(db, ids, m);
          steps++;
        }
        await expectHoldsEqualModel(db, m);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
    // The whole database, not only the last run's users.
    const inv = await checkInvariants(db);
    expect(inv.problems).toEqual([]);
    expect(inv).toMatchObject({
      sumIsZero: true,
      noNegative: true,
      balancesMatchTransfers: true,
      holdsMatchBloqueado: true,
    });
    console.log(
      `ledger property: ${RUNS} runs, ${steps} steps in ${((performance.now() - started) / 1000).toFixed(1)} s on ${database.kind}`,
    );
  }, 600_000);
});
