/**
 * The shared setup of the limits tests over HTTP (limits.test.ts, limits.signals.test.ts): the app
 * with an admin and 20.000.000 credits in circulation, and the steps the tests are written with.
 * `t` and `admin` are live bindings, set by useLimitsApp's beforeAll.
 */
import { currentYearInColombia } from "@valoriza/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { assets } from "../../db/schema/index.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit } from "../custody/custody.testkit.ts";
import { exchangeKit } from "../exchanges/exchanges.testkit.ts";
import { checkInvariants } from "../ledger/index.ts";

export let t: TestContext;
export let admin: TestUser;
export const DAY = 24 * 60 * 60 * 1000;

/** Starts the file's app (and its admin) before its tests and closes it after them. */
export function useLimitsApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, { email: "admin@valoriza.test" });
    // 20.000.000 credits in circulation: the platform's daily brake (1 %) stays out of these tests' way
    // (limits.brake.test.ts tests it).
    await kit(() => t).fund(await signUp(t.app, { name: "Reserva" }), 20_000_000);
  });
  afterAll(() => t.close());
}

export const k = kit(() => t);
/**
 * The real year: a registration may not be dated later (the clock moves months ahead and may enter
 * the next year, where an asset bought this year is one year old and worth a little less, so the
 * tests read each asset's credits from its registration).
 */
export const YEAR = currentYearInColombia(new Date());
export const year = () => YEAR;
export const x = exchangeKit(() => t);
export const get = (u: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: u.auth });
export const send = (u: TestUser, method: "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload ? { payload } : {}) });

/** A new good (Tecnología unless said, nuevo, excelente: Tecnología credits = value x .9 / 1000). */
export const good = (valueCOP: number, over: Record<string, unknown> = {}) => ({
  title: "Portátil",
  description: "Portátil de trabajo",
  assetType: "bien",
  origin: "personal",
  category: "Tecnología",
  condition: "nuevo",
  physicalState: "excelente",
  yearOfPurchase: year(),
  baseValueCOP: valueCOP,
  mainPurpose: "vender",
  privacy: "publico",
  images: [],
  ...over,
});

export async function register(u: TestUser, valueCOP: number, over: Record<string, unknown> = {}) {
  const r = await send(u, "POST", "/api/assets", good(valueCOP, over));
  expect(r.statusCode, r.body).toBe(201);
  return json(r).data as { _id: string; creditosAsignados: number; title: string };
}

/** Completes an operation with the asset (as the owner): its hold is released. */
export async function finish(u: TestUser, id: string) {
  await t.database.db.update(assets).set({ status: "operacion" }).where(eq(assets.id, id));
  const r = await send(u, "PUT", `/api/operaciones/finalizar/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return { released: json(r).data.creditMovement.creditosLiberados as number };
}

/** Sells `assetId` of `seller` to `buyer` (cash or credits) through custody, confirmed by the buyer's code. */
export async function sell(
  seller: TestUser,
  buyer: TestUser,
  assetId: string,
  modoPago: "dinero" | "creditos" = "dinero",
) {
  const b = await k.buy(buyer, assetId, seller.id, { modoPago });
  expect(b.statusCode, b.body).toBe(201);
  const code = await k.codeOf(seller, json(b).custodia._id);
  const c = await k.confirm(buyer, code);
  expect(c.statusCode, c.body).toBe(200);
  return json(c);
}

/** Moves the clock (sessions last 7 days: signs in again). */
export async function advance(ms: number, ...users: TestUser[]) {
  t.clock.advance(ms);
  for (const u of [...users, admin]) {
    const r = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: u.email, password: u.password },
    });
    expect(r.statusCode, r.body).toBe(200);
    u.auth.authorization = `Bearer ${json(r).data.token}`;
  }
}

export const balances = (u: TestUser) => k.balance(u);
export const mine = async (u: TestUser) => json(await get(u, "/api/limites/mios")).data;
export const verify = async (u: TestUser) => {
  const r = await send(admin, "POST", `/api/admin/usuarios/${u.id}/verificar`);
  expect(r.statusCode, r.body).toBe(200);
};
// biome-ignore lint/suspicious/noExplicitAny: JSON
export const queueOf = async (u: TestUser): Promise<any[]> =>
  // biome-ignore lint/suspicious/noExplicitAny: JSON
  json(await get(admin, "/api/admin/revisiones")).data.filter((q: any) => q.persona._id === u.id);

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
