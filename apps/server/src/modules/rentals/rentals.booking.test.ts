import {
  RENTAL_MSG,
  RENTAL_PROCESS,
  rentalBookingListResponseSchema,
  rentalBookingResponseSchema,
} from "@valoriza/domain";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { json, type TestUser } from "../../test/harness.ts";
import { PRICE } from "../custody/custody.testkit.ts";
import {
  act,
  book,
  count,
  DAY,
  day,
  expectBalanced,
  expectContract,
  finishOperation,
  k,
  setup,
  t,
  useRentalsApp,
} from "./rentals.setup.testkit.ts";

useRentalsApp();

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
