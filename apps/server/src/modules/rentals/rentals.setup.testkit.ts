/**
 * The shared setup of the rentals tests over HTTP (rentals.test.ts, rentals.booking.test.ts): the app
 * and the steps the tests are written with. `t` is a live binding, set by useRentalsApp.
 */
import { colombiaToday } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import type { z } from "zod";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit } from "../custody/custody.testkit.ts";

export let t: TestContext;
export const k = kit(() => t);
/** Starts the file's app (its clock mid-morning in Bogotá) before its tests and closes it after them. */
export function useRentalsApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    // Mid-morning in Bogotá, so "today" cannot roll over while a test runs.
    t.clock.set(new Date(`${colombiaToday(new Date())}T15:00:00Z`));
  });
  afterAll(() => t.close());
}

export const DAY = 24 * 60 * 60 * 1000;
/** The Colombian calendar day `offset` days from the test clock's today. */
export const day = (offset: number) =>
  new Date(Date.parse(`${colombiaToday(t.clock.now())}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);

export function expectContract(schema: z.ZodType, res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  const parsed = schema.safeParse(body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(parsed.data).toEqual(body);
  return body;
}

export const publish = (u: TestUser | null, body: Record<string, unknown>) => k.req("POST", u, "/api/rentals", body);
export const book = (u: TestUser, rentalId: string, startDate: string, endDate: string, key?: string) =>
  k.req("POST", u, `/api/rentals/${rentalId}/reservar`, { startDate, endDate }, key);
export const act = (u: TestUser, bookingId: string, name: "cancelar" | "finalizar", key?: string) =>
  k.req("POST", u, `/api/rentals/bookings/${bookingId}/${name}`, undefined, key);
export const finishOperation = (u: TestUser, assetId: string) =>
  k.req("PUT", u, `/api/operaciones/finalizar/${assetId}`);

export async function count(
  table: "deals" | "rental_bookings" | "movimientos" | "notifications" | "deal_timers" | "idempotency_keys",
) {
  const res = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** The ledger's invariants hold, and the custodia account holds exactly the running bookings' payments. */
export async function expectBalanced() {
  expect((await k.invariants()).problems).toEqual([]);
  const res = await t.database.db.execute(sql`select
    (select coalesce(sum(balance), 0) from accounts where user_id is null and kind = 'custodia')::bigint as account,
    (select coalesce(sum(total), 0) from rental_bookings where estado = 'reservada')::bigint as running`);
  const r = (res as unknown as { rows: { account: number; running: number }[] }).rows[0]!;
  expect(Number(r.account)).toBe(Number(r.running));
}

export async function setup(
  opts: { funds?: number; price?: number; from?: number; to?: number; renters?: number } = {},
) {
  const [owner, ...renters] = (await k.users(1 + (opts.renters ?? 1))) as [TestUser, ...TestUser[]];
  for (const r of renters) await k.fund(r, opts.funds ?? 1000);
  const asset = await k.listFor(owner, { mainPurpose: "alquilar", title: "Guitarra Yamaha" });
  const res = await publish(owner, {
    ownerId: owner.id,
    assetId: asset._id,
    pricePerDay: opts.price ?? 25,
    startDate: day(opts.from ?? 0),
    endDate: day(opts.to ?? 20),
    terms: "Entrega y devolución en Chapinero",
  });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, renters, renter: renters[0]!, asset, rental: json(res).data as { _id: string } };
}
