import {
  assetRentalResponseSchema,
  colombiaDayEnd,
  colombiaToday,
  RENTAL_MSG,
  RENTAL_PROCESS,
  rentalBookingListResponseSchema,
  rentalBookingResponseSchema,
  rentalListSchema,
  rentalResponseSchema,
  validateProcess,
} from "@valoriza/domain";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, PRICE } from "../custody/custody.testkit.ts";
import { rentalHandlers } from "./rentals.process.ts";

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  // Mid-morning in Bogotá, so "today" cannot roll over while a test runs.
  t.clock.set(new Date(`${colombiaToday(new Date())}T15:00:00Z`));
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
/** The Colombian calendar day `offset` days from the test clock's today. */
const day = (offset: number) =>
  new Date(Date.parse(`${colombiaToday(t.clock.now())}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);

function expectContract(schema: z.ZodType, res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  const parsed = schema.safeParse(body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(parsed.data).toEqual(body);
  return body;
}

const publish = (u: TestUser | null, body: Record<string, unknown>) => k.req("POST", u, "/api/rentals", body);
const book = (u: TestUser, rentalId: string, startDate: string, endDate: string, key?: string) =>
  k.req("POST", u, `/api/rentals/${rentalId}/reservar`, { startDate, endDate }, key);
const act = (u: TestUser, bookingId: string, name: "cancelar" | "finalizar", key?: string) =>
  k.req("POST", u, `/api/rentals/bookings/${bookingId}/${name}`, undefined, key);
const finishOperation = (u: TestUser, assetId: string) => k.req("PUT", u, `/api/operaciones/finalizar/${assetId}`);

async function count(
  table: "deals" | "rental_bookings" | "movimientos" | "notifications" | "deal_timers" | "idempotency_keys",
) {
  const res = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** The ledger's invariants hold, and the custodia account holds exactly the running bookings' payments. */
async function expectBalanced() {
  expect((await k.invariants()).problems).toEqual([]);
  const res = await t.database.db.execute(sql`select
    (select coalesce(sum(balance), 0) from accounts where user_id is null and kind = 'custodia')::bigint as account,
    (select coalesce(sum(total), 0) from rental_bookings where estado = 'reservada')::bigint as running`);
  const r = (res as unknown as { rows: { account: number; running: number }[] }).rows[0]!;
  expect(Number(r.account)).toBe(Number(r.running));
}

async function setup(opts: { funds?: number; price?: number; from?: number; to?: number; renters?: number } = {}) {
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

it("the alquiler process table is sound and every guard and effect it names is implemented", () => {
  expect(
    validateProcess(RENTAL_PROCESS, {
      guards: Object.keys(rentalHandlers.guards),
      effects: Object.keys(rentalHandlers.effects),
    }),
  ).toEqual([]);
});

describe("publishing a rental", () => {
  it("answers every validation message, refuses what cannot be published, and lists the publication", async () => {
    const [owner, other] = (await k.users(2)) as [TestUser, TestUser];
    const asset = await k.listFor(owner, { mainPurpose: "alquilar", title: "Carpa 4 personas" });
    const good = {
      assetId: asset._id,
      pricePerDay: 30,
      startDate: day(1),
      endDate: day(10),
      terms: "Se entrega limpia",
    };
    expect((await publish(null, good)).statusCode).toBe(401);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, assetId: undefined }, 400, RENTAL_MSG.required],
      [{ ...good, pricePerDay: -1 }, 400, RENTAL_MSG.invalidPrice],
      [{ ...good, pricePerDay: 2.5 }, 400, RENTAL_MSG.invalidPrice],
      [{ ...good, pricePerDay: "10" }, 400, RENTAL_MSG.invalidPrice],
      [{ ...good, pricePerDay: 1_000_001 }, 400, RENTAL_MSG.invalidPrice],
      [{ ...good, startDate: "2030-02-30" }, 400, RENTAL_MSG.invalidDate],
      [{ ...good, endDate: "mañana" }, 400, RENTAL_MSG.invalidDate],
      [{ ...good, endDate: day(0) }, 400, RENTAL_MSG.endBeforeStart],
      [{ ...good, endDate: day(1 + 365) }, 400, RENTAL_MSG.periodTooLong],
      [{ ...good, terms: "   " }, 400, RENTAL_MSG.termsRequired],
      [{ ...good, terms: "x".repeat(2001) }, 400, RENTAL_MSG.termsTooLong],
      [{ ...good, startDate: day(-1) }, 400, RENTAL_MSG.startBeforeToday],
      [{ ...good, ownerId: other.id }, 400, RENTAL_MSG.notYourAsset],
      [{ ...good, assetId: "0190aaaa-0000-7000-8000-000000000000" }, 404, RENTAL_MSG.notAvailable],
    ];
    for (const [body, status, message] of cases) {
      const res = await publish(owner, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(json(res).message).toBe(message);
    }
    // Someone else's asset; an asset not published for renting.
    const theirs = await publish(other, good);
    expect(theirs.statusCode).toBe(403);
    expect(json(theirs).message).toBe(RENTAL_MSG.notYourAsset);
    const forSale = await k.listFor(owner, { mainPurpose: "vender" });
    const wrong = await publish(owner, { ...good, assetId: forSale._id });
    expect(wrong.statusCode).toBe(409);
    expect(json(wrong).message).toBe(RENTAL_MSG.notForRent);

    // Published: 201 with the contract; a second open publication of the asset is refused.
    const created = expectContract(rentalResponseSchema, await publish(owner, { ...good, ownerId: owner.id }), 201);
    expect(created.message).toBe(RENTAL_MSG.created);
    expect(created.data).toMatchObject({
      assetId: { _id: asset._id, title: "Carpa 4 personas" },
      ownerId: owner.id,
      ownerName: "U0",
      pricePerDay: 30,
      startDate: day(1),
      endDate: day(10),
      terms: "Se entrega limpia",
      status: "active",
    });
    const again = await publish(owner, { ...good, startDate: day(0) });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(RENTAL_MSG.alreadyPublished);
    // Starting today is allowed (the Colombian day of the clock).
    const tent2 = await k.listFor(owner, { mainPurpose: "alquiler", title: "Carpa 2 personas" });
    expectContract(rentalResponseSchema, await publish(owner, { ...good, assetId: tent2._id, startDate: day(0) }), 201);

    // The public list (no session) has it, newest first, and parses with the contract.
    const list = expectContract(rentalListSchema, await t.app.inject({ method: "GET", url: "/api/rentals" }));
    const ids = list.map((r: { _id: string }) => r._id);
    expect(ids).toContain(created.data._id);
    expect(ids.indexOf(created.data._id)).toBeGreaterThan(0);
    const forAsset = expectContract(
      assetRentalResponseSchema,
      await t.app.inject({ method: "GET", url: `/api/rentals/asset/${asset._id}` }),
    );
    expect(forAsset.data).toEqual({ rental: created.data, reservas: [], today: day(0) });
    const none = expectContract(
      assetRentalResponseSchema,
      await t.app.inject({ method: "GET", url: `/api/rentals/asset/${forSale._id}` }),
    );
    expect(none.data).toEqual({ rental: null, reservas: [], today: day(0) });
  });
});

describe("booking, finishing and cancelling", () => {
  it("book -> the payment waits in escrow; the owner finishes -> paid, first-completion release, reputation", async () => {
    const { owner, renter, asset, rental } = await setup({ price: 25 });
    const ownerBefore = await k.balance(owner);
    expect(ownerBefore.bloqueados).toBe(PRICE);

    const res = await book(renter, rental._id, day(0), day(2));
    const booked = expectContract(rentalBookingResponseSchema, res, 201);
    expect(booked.message).toBe(RENTAL_MSG.booked);
    expect(booked.data).toMatchObject({
      rentalId: rental._id,
      assetId: { _id: asset._id, title: "Guitarra Yamaha" },
      arrendatarioId: { _id: renter.id, name: "U1" },
      arrendadorId: { _id: owner.id, name: "U0" },
      startDate: day(0),
      endDate: day(2),
      dias: 3,
      pricePerDay: 25,
      total: 75,
      estado: "reservada",
      miRol: "arrendatario",
      puedeCancelar: false,
      puedeFinalizar: false,
    });
    expect(booked.balanceActualizado).toMatchObject({ creditosDisponibles: 925, creditosBloqueados: 0 });
    expect(await k.balance(renter)).toEqual({ disponibles: 925, bloqueados: 0 });
    expect((await k.asset(owner, asset._id)).status).toBe("operacion");
    await expectBalanced();

    // The asset's calendar shows the days taken (no renter identity); the owner sees the booking.
    const cal = json(await t.app.inject({ method: "GET", url: `/api/rentals/asset/${asset._id}` })).data;
    expect(cal.reservas).toEqual([{ startDate: day(0), endDate: day(2) }]);
    const ownerList = expectContract(
      rentalBookingListResponseSchema,
      await k.req("GET", owner, "/api/rentals/bookings"),
    );
    expect(ownerList.data).toHaveLength(1);
    expect(ownerList.data[0]).toMatchObject({ _id: booked.data._id, miRol: "arrendador", puedeFinalizar: true });

    // Only the owner finishes; a stranger does not even see the booking.
    const [stranger] = (await k.users(1)) as [TestUser];
    const byRenter = await act(renter, booked.data._id, "finalizar");
    expect(byRenter.statusCode).toBe(403);
    const byStranger = await act(stranger, booked.data._id, "finalizar");
    expect(byStranger.statusCode).toBe(404);
    expect(json(byStranger).message).toBe(RENTAL_MSG.bookingNotFound);

    const done = expectContract(rentalBookingResponseSchema, await act(owner, booked.data._id, "finalizar"));
    expect(done.message).toBe(RENTAL_MSG.finished);
    expect(done.data).toMatchObject({ estado: "finalizada", miRol: "arrendador", puedeFinalizar: false });
    const ownerAfter = await k.balance(owner);
    expect(ownerAfter).toEqual({
      disponibles: ownerBefore.disponibles + 75 + PRICE,
      bloqueados: ownerBefore.bloqueados - PRICE,
    });
    expect(done.balanceActualizado).toMatchObject({ creditosDisponibles: ownerAfter.disponibles });
    expect(await k.balance(renter)).toEqual({ disponibles: 925, bloqueados: 0 });
    const a = await k.asset(owner, asset._id);
    expect(a).toMatchObject({ status: "disponible", vecesUsado: 1, estadoCredito: "liberado" });
    // Never a change of owner for a rental.
    expect(typeof a.userId === "string" ? a.userId : a.userId._id).toBe(owner.id);
    await expectBalanced();

    // A finished rental counts as a handover for both parties.
    for (const u of [owner, renter]) {
      const rep = json(await k.req("GET", null, `/api/reputation/${u.id}`)).data;
      expect(rep.partes.entregasCompletadas.cantidad).toBe(1);
    }
    // Activity for both.
    const moves = json(await k.req("GET", renter, "/api/movimientos/mis-movimientos/all")).data as {
      tipo: string;
      valor: number;
    }[];
    expect(moves.filter((m) => m.tipo === "alquiler").map((m) => m.valor)).toContain(-75);

    // Finishing again is an idempotent repeat: nothing moves; cancelling now is refused.
    expect((await act(owner, booked.data._id, "finalizar")).statusCode).toBe(200);
    expect(await k.balance(owner)).toEqual(ownerAfter);
    const late = await act(renter, booked.data._id, "cancelar");
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toBe(RENTAL_PROCESS.stateMessages.finalizada);
    await expectBalanced();
  });

  it("refuses bookings outside the rules with the spec's messages, and writes nothing", async () => {
    const { owner, renter, rental } = await setup({ from: 2, to: 6, funds: 50, price: 20 });
    const before = await Promise.all([count("deals"), count("rental_bookings"), count("movimientos")]);
    const cases: [() => Promise<LightMyRequestResponse>, number, string][] = [
      [() => book(renter, rental._id, "2030-13-01", day(3)), 400, RENTAL_MSG.invalidDate],
      [() => book(renter, rental._id, day(4), day(3)), 400, RENTAL_MSG.endBeforeStart],
      [() => book(renter, rental._id, day(-1), day(3)), 400, RENTAL_MSG.startBeforeToday],
      [() => book(renter, rental._id, day(1), day(3)), 400, RENTAL_MSG.outsidePeriod],
      [() => book(renter, rental._id, day(5), day(7)), 400, RENTAL_MSG.outsidePeriod],
      [() => book(owner, rental._id, day(2), day(3)), 409, RENTAL_MSG.ownRental],
      [() => book(renter, "0190aaaa-0000-7000-8000-000000000000", day(2), day(3)), 404, RENTAL_MSG.notFound],
      // 3 days x 20 = 60 > 50 available.
      [() => book(renter, rental._id, day(2), day(4)), 422, "No tienes suficientes créditos disponibles"],
    ];
    for (const [run, status, message] of cases) {
      const res = await run();
      expect(res.statusCode, res.body).toBe(status);
      expect(json(res).message).toBe(message);
    }
    expect(await Promise.all([count("deals"), count("rental_bookings"), count("movimientos")])).toEqual(before);
    expect(await k.balance(renter)).toEqual({ disponibles: 50, bloqueados: 0 });
    await expectBalanced();
    // Two days fit the funds.
    expect((await book(renter, rental._id, day(2), day(3))).statusCode).toBe(201);
    expect(await k.balance(renter)).toEqual({ disponibles: 10, bloqueados: 0 });
    await expectBalanced();
  });

  it("an overlapping booking is refused by the database with the message; nothing of it survives", async () => {
    const { owner, renters, asset, rental } = await setup({ renters: 2, price: 10 });
    const [a, b] = renters as [TestUser, TestUser];
    const first = await book(a, rental._id, day(3), day(5));
    expect(first.statusCode, first.body).toBe(201);
    const firstId = json(first).data._id as string;
    const snapshot = async () => ({
      deals: await count("deals"),
      bookings: await count("rental_bookings"),
      moves: await count("movimientos"),
      notes: await count("notifications"),
      timers: await count("deal_timers"),
      keys: await count("idempotency_keys"),
    });
    const before = await snapshot();
    // Shares only the first booking's last day (both ends are included).
    const key = `overlap-${Date.now()}`;
    const clash = await book(b, rental._id, day(5), day(5), key);
    expect(clash.statusCode).toBe(409);
    expect(json(clash)).toMatchObject({ code: "CONFLICT", message: RENTAL_MSG.overlap });
    const around = await book(b, rental._id, day(1), day(10));
    expect(json(around).message).toBe(RENTAL_MSG.overlap);
    expect(await snapshot()).toEqual(before);
    expect(await k.balance(b)).toEqual({ disponibles: 1000, bloqueados: 0 });
    await expectBalanced();

    // Days next to it are free: a second booking of the same asset runs at the same time.
    const second = await book(b, rental._id, day(6), day(7));
    expect(second.statusCode, second.body).toBe(201);
    const cal = json(await t.app.inject({ method: "GET", url: `/api/rentals/asset/${asset._id}` })).data;
    expect(cal.reservas).toEqual([
      { startDate: day(3), endDate: day(5) },
      { startDate: day(6), endDate: day(7) },
    ]);

    // The owner cancels the first one (refund); the asset stays reserved by the second.
    const cancelled = expectContract(rentalBookingResponseSchema, await act(owner, firstId, "cancelar"));
    expect(cancelled.message).toBe(RENTAL_MSG.cancelled);
    expect(cancelled.data).toMatchObject({ estado: "cancelada", miRol: "arrendador" });
    expect(await k.balance(a)).toEqual({ disponibles: 1000, bloqueados: 0 });
    expect((await k.asset(owner, asset._id)).status).toBe("operacion");
    // The refused request left no key behind: the same key now books that day for real (no replayed 409).
    const retried = await book(b, rental._id, day(5), day(5), key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    expect(await k.balance(b)).toEqual({ disponibles: 1000 - 20 - 10, bloqueados: 0 });
    // Cancelling both of b's bookings refunds them and frees the asset.
    const mine = json(await k.req("GET", b, "/api/rentals/bookings")).data as { _id: string; estado: string }[];
    expect(mine).toHaveLength(2);
    for (const x of mine) expect((await act(b, x._id, "cancelar")).statusCode).toBe(200);
    expect(await k.balance(b)).toEqual({ disponibles: 1000, bloqueados: 0 });
    expect((await k.asset(owner, asset._id)).status).toBe("disponible");
    await expectBalanced();
  });

  it("two overlapping bookings at once: exactly one wins, the other gets 409; the ledger stays balanced", async () => {
    const { owner, renters, asset, rental } = await setup({ renters: 4, price: 15 });
    // Every pair shares day 4.
    const ranges: [number, number][] = [
      [2, 4],
      [4, 6],
      [3, 5],
      [1, 8],
    ];
    const results = await Promise.all(
      renters.map((r, i) => book(r, rental._id, day(ranges[i]![0]), day(ranges[i]![1]))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(json(r).message).toBe(RENTAL_MSG.overlap);
    const winner = results.findIndex((r) => r.statusCode === 201);
    const [from, to] = ranges[winner]!;
    const total = 15 * (to - from + 1);
    for (const [i, r] of renters.entries()) {
      expect(await k.balance(r)).toEqual({ disponibles: i === winner ? 1000 - total : 1000, bloqueados: 0 });
    }
    const cal = json(await t.app.inject({ method: "GET", url: `/api/rentals/asset/${asset._id}` })).data;
    expect(cal.reservas).toEqual([{ startDate: day(from), endDate: day(to) }]);
    await expectBalanced();
    // Two non-overlapping ones at once both win.
    const [[a], [b]] = [
      renters.filter((_, i) => i !== winner).slice(0, 1),
      renters.filter((_, i) => i !== winner).slice(1, 2),
    ];
    const both = await Promise.all([book(a!, rental._id, day(10), day(11)), book(b!, rental._id, day(12), day(13))]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await k.asset(owner, asset._id)).status).toBe("operacion");
    await expectBalanced();
  });

  it("cancel before the first day refunds (either party); after it, refused; finish before it, refused", async () => {
    const { owner, renter, rental } = await setup({ price: 40 });
    const future = json(await book(renter, rental._id, day(2), day(3))).data;
    expect(future).toMatchObject({ total: 80, puedeCancelar: true, puedeFinalizar: false });
    const early = await act(owner, future._id, "finalizar");
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe(RENTAL_MSG.notStarted);
    expect(await k.balance(renter)).toEqual({ disponibles: 920, bloqueados: 0 });
    const c = expectContract(rentalBookingResponseSchema, await act(renter, future._id, "cancelar"));
    expect(c.data).toMatchObject({ estado: "cancelada", puedeCancelar: false });
    expect(c.balanceActualizado.creditosDisponibles).toBe(1000);
    expect(await k.balance(renter)).toEqual({ disponibles: 1000, bloqueados: 0 });
    // The other party cannot cancel it again (already cancelled by the renter).
    const twice = await act(owner, future._id, "cancelar");
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe(RENTAL_PROCESS.stateMessages.cancelada);
    // The renter's own repeat is an idempotent success that moves nothing.
    expect((await act(renter, future._id, "cancelar")).statusCode).toBe(200);
    expect(await k.balance(renter)).toEqual({ disponibles: 1000, bloqueados: 0 });

    // Started today: no cancelling.
    const now = json(await book(renter, rental._id, day(0), day(1))).data;
    for (const who of [renter, owner]) {
      const r = await act(who, now._id, "cancelar");
      expect(r.statusCode).toBe(409);
      expect(json(r).message).toBe(RENTAL_MSG.alreadyStarted);
    }
    expect(await k.balance(renter)).toEqual({ disponibles: 920, bloqueados: 0 });
    // The cancelling party loses reputation (the renter cancelled once).
    const rep = json(await k.req("GET", null, `/api/reputation/${renter.id}`)).data;
    expect(rep.partes.cancelaciones.cantidad).toBe(1);
    await expectBalanced();
  });

  it("PUT /operaciones/finalizar finishes the booking that has started when the asset has several", async () => {
    const { owner, renters, asset, rental } = await setup({ renters: 2, price: 10 });
    const [a, b] = renters as [TestUser, TestUser];
    // Booked first, but starting later.
    const later = json(await book(a, rental._id, day(4), day(5))).data;
    // Only a future booking: the owner's finish says it has not started.
    const refused = await finishOperation(owner, asset._id);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(RENTAL_MSG.notStarted);
    const current = json(await book(b, rental._id, day(0), day(1))).data;
    const ownerBefore = await k.balance(owner);

    const res = await finishOperation(owner, asset._id);
    expect(res.statusCode, res.body).toBe(200);
    const list = json(await k.req("GET", owner, "/api/rentals/bookings")).data as { _id: string; estado: string }[];
    expect(list.find((x) => x._id === current._id)?.estado).toBe("finalizada");
    expect(list.find((x) => x._id === later._id)?.estado).toBe("reservada");
    expect(await k.balance(owner)).toEqual({
      disponibles: ownerBefore.disponibles + 20 + PRICE,
      bloqueados: ownerBefore.bloqueados - PRICE,
    });
    // The other booking still holds the asset.
    expect((await k.asset(owner, asset._id)).status).toBe("operacion");
    const again = await finishOperation(owner, asset._id);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(RENTAL_MSG.notStarted);
    await expectBalanced();

    // On its first day the owner finishes the other one: nothing more to release, the asset is free.
    t.clock.advance(4 * DAY);
    try {
      const second = await finishOperation(owner, asset._id);
      expect(second.statusCode, second.body).toBe(200);
      expect(await k.balance(owner)).toEqual({
        disponibles: ownerBefore.disponibles + 20 + PRICE + 20,
        bloqueados: ownerBefore.bloqueados - PRICE,
      });
      expect((await k.asset(owner, asset._id)).status).toBe("disponible");
    } finally {
      t.clock.advance(-4 * DAY);
    }
    await expectBalanced();
  });
});

describe("timers and the publication's life", () => {
  it("a booking nobody finishes is closed by the system 3 days after its last day: the owner is paid, once", async () => {
    const { owner, renter, asset, rental } = await setup({ price: 30 });
    const res = await book(renter, rental._id, day(1), day(2));
    const id = json(res).data._id as string;
    const ownerBefore = await k.balance(owner);
    const due = colombiaDayEnd(day(2)).getTime() + 3 * DAY;
    const mine = async () =>
      (json(await k.req("GET", owner, "/api/rentals/bookings")).data as { _id: string; estado: string }[]).find(
        (x) => x._id === id,
      );

    // The timer counts from the end of the last day (Colombia), not from the booking.
    const timers = await t.database.db.execute(
      sql`select due_at, status from deal_timers where deal_id = ${id}::uuid order by id`,
    );
    const rows = (timers as unknown as { rows: { due_at: Date | string; status: string }[] }).rows;
    expect(rows.map((r) => [new Date(r.due_at).getTime(), r.status])).toEqual([[due, "pendiente"]]);
    // Not before: a minute early it does not fire (other tests' earlier timers may).
    await t.app.deals.fireDueTimers(t.database.db, new Date(due - 60_000));
    expect((await mine())?.estado).toBe("reservada");
    expect(await k.balance(owner)).toEqual(ownerBefore);
    expect(await t.app.deals.fireDueTimers(t.database.db, new Date(due))).toBeGreaterThanOrEqual(1);
    expect((await mine())?.estado).toBe("finalizada");
    const ownerAfter = await k.balance(owner);
    expect(ownerAfter).toEqual({
      disponibles: ownerBefore.disponibles + 60 + PRICE,
      bloqueados: ownerBefore.bloqueados - PRICE,
    });
    expect((await k.asset(owner, asset._id)).status).toBe("disponible");
    // Once: later runs pay nothing more; the owner's finish is refused (the system closed it).
    await t.app.deals.fireDueTimers(t.database.db, new Date(due + 10 * DAY));
    expect(await k.balance(owner)).toEqual(ownerAfter);
    const late = await act(owner, id, "finalizar");
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toBe(RENTAL_PROCESS.stateMessages.finalizada);
    const hist = await t.database.db.execute(
      sql`select transition, actor_role from deal_history where deal_id = ${id}::uuid order by id`,
    );
    expect((hist as unknown as { rows: unknown[] }).rows).toEqual([
      { transition: "reservar", actor_role: "arrendatario" },
      { transition: "cerrar", actor_role: "sistema" },
    ]);
    await expectBalanced();
  });

  it("closing a publication stops new bookings; existing ones go on; a past period reads 'finished'", async () => {
    const { owner, renters, asset, rental } = await setup({ renters: 2, price: 5, to: 3 });
    const [a, b] = renters as [TestUser, TestUser];
    const kept = json(await book(a, rental._id, day(0), day(1))).data;
    const notMine = await k.req("POST", a, `/api/rentals/${rental._id}/cerrar`);
    expect(notMine.statusCode).toBe(403);
    expect(json(notMine).message).toBe(RENTAL_MSG.onlyOwner);
    const closed = expectContract(
      rentalResponseSchema,
      await k.req("POST", owner, `/api/rentals/${rental._id}/cerrar`),
    );
    expect(closed).toMatchObject({ message: RENTAL_MSG.closedOk, data: { status: "closed" } });
    // Closing twice is harmless.
    expect((await k.req("POST", owner, `/api/rentals/${rental._id}/cerrar`)).statusCode).toBe(200);
    const refused = await book(b, rental._id, day(2), day(3));
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(RENTAL_MSG.closed);
    // Out of the public list and of the asset's page, still in the owner's list.
    const pub = (await t.app.inject({ method: "GET", url: "/api/rentals" })).json() as { _id: string }[];
    expect(pub.map((r) => r._id)).not.toContain(rental._id);
    const own = json(await k.req("GET", owner, "/api/rentals")) as unknown as { _id: string; status: string }[];
    expect(own.find((r) => r._id === rental._id)?.status).toBe("closed");
    expect(json(await t.app.inject({ method: "GET", url: `/api/rentals/asset/${asset._id}` })).data.rental).toBeNull();
    // The existing booking goes on and is finished as usual.
    expect((await act(owner, kept._id, "finalizar")).statusCode).toBe(200);
    await expectBalanced();

    // A new publication; once its last day has passed it reads 'finished', leaves the public list, and
    // no longer stops a new one.
    const next = json(
      await publish(owner, { assetId: asset._id, pricePerDay: 5, startDate: day(0), endDate: day(1), terms: "Igual" }),
    ).data;
    t.clock.advance(2 * DAY);
    try {
      const own2 = json(await k.req("GET", owner, "/api/rentals")) as unknown as { _id: string; status: string }[];
      expect(own2.find((r) => r._id === next._id)?.status).toBe("finished");
      const pub2 = (await t.app.inject({ method: "GET", url: "/api/rentals" })).json() as { _id: string }[];
      expect(pub2.map((r) => r._id)).not.toContain(next._id);
      const late = await book(b, next._id, day(0), day(0));
      expect(late.statusCode).toBe(409);
      expect(json(late).message).toBe(RENTAL_MSG.closed);
      const third = await publish(owner, {
        assetId: asset._id,
        pricePerDay: 7,
        startDate: day(0),
        endDate: day(5),
        terms: "Otra vez",
      });
      expect(third.statusCode, third.body).toBe(201);
    } finally {
      t.clock.advance(-2 * DAY);
    }
  });

  it("a retried booking with the same Idempotency-Key charges once; a free rental moves no credits", async () => {
    const { renter, rental } = await setup({ price: 12 });
    const key = `book-${Date.now()}`;
    const first = await book(renter, rental._id, day(1), day(1), key);
    const again = await book(renter, rental._id, day(1), day(1), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await k.balance(renter)).toEqual({ disponibles: 988, bloqueados: 0 });

    const free = await setup({ price: 0 });
    const transfers = async () =>
      (
        (await t.database.db.execute(sql`select count(*)::int as n from transfers`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const transfersBefore = await transfers();
    const booked = expectContract(
      rentalBookingResponseSchema,
      await book(free.renter, free.rental._id, day(0), day(4)),
      201,
    );
    expect(booked.data).toMatchObject({ dias: 5, total: 0 });
    // A free booking says nothing about a payment in custody (issue 15 item 13).
    expect(booked.message).toBe("Reserva confirmada. Es gratis: no se descontaron créditos.");
    expect(await transfers()).toBe(transfersBefore);
    const finished = await act(free.owner, booked.data._id, "finalizar");
    expect(finished.statusCode).toBe(200);
    expect(json(finished).message).toBe("Alquiler finalizado");
    // Notifications write the dates as the cards do (es-CO), not as ISO text.
    const told = json(await k.req("GET", free.owner, "/api/notificaciones/usuario")).data as { descripcion: string }[];
    const reserved = told.map((n) => n.descripcion).find((d) => d.startsWith("Reservaron")) ?? "";
    const es = (d: string) =>
      new Intl.DateTimeFormat("es-CO", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })
        .format(Date.parse(`${d}T00:00:00Z`))
        .replace(/\./g, "");
    expect(reserved).toContain(`del ${es(day(0))} al ${es(day(4))}`);
    expect(reserved).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(reserved).not.toContain("custodia");
    expect(await k.balance(free.renter)).toEqual({ disponibles: 1000, bloqueados: 0 });
    await expectBalanced();
  });
});
