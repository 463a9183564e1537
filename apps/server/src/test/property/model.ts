/**
 * The shared model of the ledger property test: every person's disponible and bloqueado, the
 * system accounts, every hold ever opened (by reference), and the helpers that move credits the way
 * every area does (an asset's hold released, credits earned, an asset listed). Each area keeps its
 * own deals in its state (areaState), next to its steps in <area>.model.ts.
 */
import type { ProcessSpec } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../db/client.ts";
import { assets as assetsTable } from "../../db/schema/index.ts";
import type { ManualClock } from "../../lib/clock.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { type HoldResolved, issueBlocked, releaseHold, type SystemAccount } from "../../modules/ledger/index.ts";

/** People in each run (fresh ones every run, so runs and shrinking never share accounts). */
export const USERS = 3;

export type HoldState = "abierta" | "liberada" | "destruida" | "ejecutada";
export interface ModelHold {
  ref: string;
  refType: "activo" | "prestamo";
  user: number;
  amount: number;
  status: HoldState;
}

export interface ModelAsset {
  id: string;
  owner: number;
  price: number;
  forSale: boolean;
  status: "disponible" | "operacion";
  /** The hold issued when it was listed (null for 0 credits). */
  hold: ModelHold | null;
}

export class Model {
  disp: number[] = Array(USERS).fill(0);
  bloq: number[] = Array(USERS).fill(0);
  /** Credits of each asset put in review by the release limits so far. */
  reviewed = new Map<string, number>();
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

  /** A hold opened for person `u` (its credits are bloqueado) and recorded under its reference. */
  openHold(ref: string, refType: ModelHold["refType"], u: number, amount: number): ModelHold {
    const h: ModelHold = { ref, refType, user: u, amount, status: "abierta" };
    this.bloq[u]! += amount;
    this.refs.push({ ref, refType, hold: h });
    return h;
  }
}

/** One run: its database, its people (index -> user id), its model and the injected clock. */
export interface Ctx {
  db: Db;
  ids: string[];
  m: Model;
  clock: ManualClock;
  /** Fires every timer due at the clock; the model expects exactly the due ones (runner.ts). */
  fireDue(): Promise<void>;
}

/** An area's own part of the model, one per run (keyed by the run's Model). */
export function areaState<S>(init: () => S): (m: Model) => S {
  const states = new WeakMap<Model, S>();
  return (m) => {
    let s = states.get(m);
    if (!s) {
      s = init();
      states.set(m, s);
    }
    return s;
  };
}

export const asUser = (id: string) => ({ id, email: `${id}@valoriza.test`, isAdmin: false });
export const asAdmin = (id: string) => ({ id, email: `${id}@valoriza.test`, isAdmin: true });
export const insufficient = { code: "INSUFFICIENT_FUNDS", message: "No tienes suficientes créditos disponibles" };

/** The Colombian calendar day `offset` days after `today` (YYYY-MM-DD). */
export const plusDays = (today: string, offset: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Counters of the shared helpers (printed with the areas'). */
export const applied = { enRevision: 0 };

/**
 * The model's answer to a deal transition, from the area's process table (the states it leaves and
 * the one it enters): applied, an idempotent repeat (the deal's last transition, taken again), or
 * refused (wrong state).
 */
export function predict(process: ProcessSpec, estado: string, last: string, transition: string) {
  const t = process.transitions[transition];
  if (!t?.from) throw new Error(`${process.name}: no transition ${transition} from a state`);
  if (t.from.includes(estado)) return "apply" as const;
  if (estado === t.to && last === transition) return "repeat" as const;
  return "conflict" as const;
}

/** An asset registered and its operation finished in one go: spendable credits (emision -> bloqueado -> disponible). */
export async function earn(ctx: Ctx, u: number, amount: number) {
  const { db, ids, m } = ctx;
  const ref = uuidv7();
  await db.transaction(async (tx) => {
    await issueBlocked(tx, { userId: ids[u]!, amount, refType: "activo", refId: ref });
    await releaseHold(tx, { refType: "activo", refId: ref });
  });
  const h: ModelHold = { ref, refType: "activo", user: u, amount, status: "liberada" };
  m.refs.push({ ref, refType: "activo", hold: h });
  m.sys.emision -= amount;
  m.disp[u]! += amount;
  // A release of self-declared credits like any other: the limits (ADR 015) may keep part of it in
  // review, e.g. when the person's earnings of the day already count as a burst of registrations.
  await moveReviewed(ctx, ref, h);
}

/** Tops person `u` up to `need` spendable credits (a step's 'funded' flag). */
export async function fund(ctx: Ctx, u: number, need: number) {
  if (ctx.m.disp[u]! < need) await earn(ctx, u, need - ctx.m.disp[u]!);
}

/**
 * An asset registered with its hold (none for 0 credits) and published for `purpose`; `extra` are
 * more columns of the row (e.g. a sale's asking price).
 */
export async function insertAsset(
  ctx: Ctx,
  u: number,
  amount: number,
  purpose: string,
  extra: { title?: string; baseValueCOP?: number } = {},
): Promise<ModelAsset> {
  const { db, ids, m } = ctx;
  const assetId = uuidv7();
  await db.transaction(async (tx) => {
    await tx.insert(assetsTable).values({
      id: assetId,
      userId: ids[u]!,
      title: extra.title ?? "Taladro",
      assetType: "bien",
      mainPurpose: purpose,
      privacy: "publico",
      status: "disponible",
      creditosAsignados: amount,
      ...(extra.baseValueCOP !== undefined ? { baseValueCOP: extra.baseValueCOP } : {}),
    });
    await issueBlocked(tx, { userId: ids[u]!, amount, refType: "activo", refId: assetId });
  });
  let hold: ModelHold | null = null;
  if (amount > 0) {
    hold = m.openHold(assetId, "activo", u, amount);
    m.sys.emision -= amount;
  } else m.refs.push({ ref: assetId, refType: "activo", hold });
  return { id: assetId, owner: u, price: amount, forSale: false, status: "disponible", hold };
}

/**
 * An asset's hold released when its deal completes (loan returned, donation accepted), once.
 * The release limits of ADR 015 (30-day window, signals such as repeated deals between two
 * people) may keep part of it in review: a new 'revision' hold, still bloqueado. Those rules
 * have their own tests (ledger.limits); here the amount put in review is read back from
 * limit_reviews and the model moves it back from disponible to bloqueado.
 */
export async function releaseAssetHold(ctx: Ctx, a: ModelAsset) {
  const h = a.hold;
  const r = ctx.m.resolve(h, "liberada");
  if (!h || r.amount <= 0) return;
  await moveReviewed(ctx, a.id, h);
}

/** The part of an asset's just-released hold the limits kept in review (read back), moved back to bloqueado. */
export async function moveReviewed(ctx: Ctx, assetId: string, h: ModelHold): Promise<number> {
  const { m } = ctx;
  const res = await ctx.db.execute(
    sql`select coalesce(sum(amount), 0)::int as n from limit_reviews where asset_id = ${assetId}::uuid`,
  );
  const total = (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
  const inReview = total - (m.reviewed.get(assetId) ?? 0);
  expect(inReview).toBeGreaterThanOrEqual(0);
  expect(inReview).toBeLessThanOrEqual(h.amount);
  m.reviewed.set(assetId, total);
  m.disp[h.user]! -= inReview;
  m.bloq[h.user]! += inReview;
  applied.enRevision += inReview;
  return inReview;
}
