import {
  assetRentalResponseSchema,
  colombiaDayEnd,
  RENTAL_MSG,
  RENTAL_PROCESS,
  rentalBookingResponseSchema,
  rentalListSchema,
  rentalResponseSchema,
  validateProcess,
} from "@valoriza/domain";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { json, type TestUser } from "../../test/harness.ts";
import { PRICE } from "../custody/custody.testkit.ts";
import { rentalHandlers } from "./rentals.process.ts";
import {
  act,
  book,
  DAY,
  day,
  expectBalanced,
  expectContract,
  k,
  publish,
  setup,
  t,
  useRentalsApp,
} from "./rentals.setup.testkit.ts";

useRentalsApp();

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
