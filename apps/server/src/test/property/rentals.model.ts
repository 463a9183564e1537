/**
 * Rentals in the ledger property test (issue 9): publications of 'alquilar' assets, bookings of whole
 * Colombian days paid into escrow (overlaps refused by the database's exclusion constraint, short
 * renters refused cleanly), finished by the owner from the first day on (payment, first-completion
 * release), cancelled by either party before it (refund), publications closed, and the system's close
 * 3 days after a booking's last day. Every run ends with no booking running and each booking's escrow
 * paid in once and out once.
 */
import { colombiaDayEnd, colombiaToday, RENTAL_AUTO_CLOSE_AFTER_END_MS, RENTAL_PROCESS } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { expect } from "vitest";
import { caught } from "../../modules/ledger/ledger.testkit.ts";
import { createRentalsService, type RentalsService } from "../../modules/rentals/index.ts";
import { type AreaModel, stepKind } from "./area.ts";
import { expectAssetStatus, expectDbEqualsModel } from "./checks.ts";
import {
  areaState,
  asUser,
  type Ctx,
  fund,
  insertAsset,
  insufficient,
  type ModelAsset,
  plusDays,
  releaseAssetHold,
  USERS,
} from "./model.ts";

type RentAction = "finalizar" | "cancelar";
type RentRole = "arrendatario" | "arrendador";
interface ModelRental {
  id: string;
  asset: ModelAsset;
  owner: number;
  price: number;
  start: string;
  end: string;
  closed: boolean;
}
interface ModelBooking {
  id: string;
  rental: ModelRental;
  asset: ModelAsset;
  renter: number;
  owner: number;
  start: string;
  end: string;
  total: number;
  estado: "reservada" | "finalizada" | "cancelada";
  /** The last transition and the role that took it (the same again is an idempotent repeat). */
  last: string;
  lastRole: string;
  /** The system's close: 3 days after the end of the last day (Colombia). */
  dueAt: number;
}
interface ResolveOp {
  t: "rentResolve";
  booking: number;
  action: RentAction;
  by: RentRole;
  late: boolean;
}

const DAY = 24 * 60 * 60 * 1000;
const state = areaState(() => ({ rentals: [] as ModelRental[], bookings: [] as ModelBooking[] }));
let rentals: RentalsService;
const applied = {
  alquileres: 0,
  alquileresFinalizados: 0,
  alquileresCancelados: 0,
  alquileresCerrados: 0,
  solapes: 0,
};

const user = fc.integer({ min: 0, max: USERS - 1 });
const rentAction = fc.constantFrom<RentAction>("finalizar", "finalizar", "cancelar");
const rentRole = fc.constantFrom<RentRole>("arrendatario", "arrendador");

/** A booking ends: finished (payment to the owner, the asset's first-completion release) or cancelled (refund). */
async function endBooking(ctx: Ctx, b: ModelBooking, last: "finalizar" | "cerrar" | "cancelar", role: string) {
  const { m } = ctx;
  b.estado = RENTAL_PROCESS.transitions[last].to;
  b.last = last;
  b.lastRole = role;
  m.sys.custodia -= b.total;
  if (b.estado === "cancelada") m.disp[b.renter]! += b.total;
  else {
    m.disp[b.owner]! += b.total;
    await releaseAssetHold(ctx, b.asset);
  }
  // The asset is free again once none of its bookings is running.
  if (!state(m).bookings.some((x) => x.asset === b.asset && x.estado === "reservada")) b.asset.status = "disponible";
}

/** Runs one booking transition through the rentals service, checks it against the model and applies it there. */
async function rentStep(ctx: Ctx, b: ModelBooking, action: RentAction, by: RentRole) {
  // Only the owner finishes; either party cancels.
  const role: RentRole = action === "finalizar" ? "arrendador" : by;
  const actor = role === "arrendador" ? b.owner : b.renter;
  const run = () => (action === "finalizar" ? rentals.finish : rentals.cancel)(asUser(ctx.ids[actor]!), b.id);
  if (b.estado !== "reservada") {
    if (b.last === action && b.lastRole === role) expect((await run()).booking.estado).toBe(b.estado);
    else expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
    return;
  }
  const today = colombiaToday(ctx.clock.now());
  const started = today >= b.start;
  if (action === "finalizar" ? !started : started) {
    expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
    return;
  }
  const r = await run();
  await endBooking(ctx, b, action, role);
  applied[action === "finalizar" ? "alquileresFinalizados" : "alquileresCancelados"]++;
  expect(r.booking.estado).toBe(b.estado);
  await expectAssetStatus(ctx.db, b.asset);
}

/**
 * One booking through the rentals service, checked against the model: the guards in their order, then
 * the database's overlap refusal, then the payment. Returns the booking's index in the model, or null.
 */
async function bookOnce(ctx: Ctx, rental: ModelRental, renter: number, from: number, days: number, funded: boolean) {
  const { db, ids, m, clock } = ctx;
  const { bookings } = state(m);
  const today = colombiaToday(clock.now());
  const start = plusDays(today, from);
  const end = plusDays(start, days - 1);
  const total = rental.price * days;
  if (funded) await fund(ctx, renter, total);
  const run = () => rentals.book(asUser(ids[renter]!), rental.id, { startDate: start, endDate: end });
  const a = rental.asset;
  if (rental.closed || rental.end < today || renter === rental.owner) {
    expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
    return null;
  }
  if (end > rental.end) {
    expect(await caught(run)).toMatchObject({ code: "BAD_REQUEST" });
    return null;
  }
  if (bookings.some((x) => x.asset === a && x.estado === "reservada" && x.start <= end && start <= x.end)) {
    expect(await caught(run)).toMatchObject({
      code: "CONFLICT",
      message: "Esas fechas ya están reservadas: elige otras",
    });
    applied.solapes++;
    await expectAssetStatus(db, a);
    return null;
  }
  if (m.disp[renter]! < total) {
    expect(await caught(run)).toMatchObject(insufficient);
    await expectAssetStatus(db, a);
    return null;
  }
  const r = await run();
  expect(r.booking).toMatchObject({ estado: "reservada", total, dias: days, startDate: start, endDate: end });
  m.disp[renter]! -= total;
  m.sys.custodia += total;
  a.status = "operacion";
  expect(r.balances.creditosDisponibles).toBe(m.disp[renter]);
  bookings.push({
    id: r.booking._id,
    rental,
    asset: a,
    renter,
    owner: rental.owner,
    start,
    end,
    total,
    estado: "reservada",
    last: "reservar",
    lastRole: "arrendatario",
    dueAt: colombiaDayEnd(end).getTime() + RENTAL_AUTO_CLOSE_AFTER_END_MS,
  });
  applied.alquileres++;
  await expectAssetStatus(db, a);
  return bookings.length - 1;
}

async function resolve(ctx: Ctx, op: ResolveOp) {
  const { bookings } = state(ctx.m);
  if (bookings.length === 0) return;
  const b = bookings[op.booking % bookings.length]!;
  // Late: the clock moves to the booking's first day (10:00 in Bogotá), so it has started.
  if (op.late && b.estado === "reservada") {
    const firstDay = Date.parse(`${b.start}T15:00:00Z`);
    const now = ctx.clock.now().getTime();
    if (now < firstDay) ctx.clock.advance(firstDay - now);
  }
  await rentStep(ctx, b, op.action, op.by);
}

export const rentalsModel: AreaModel = {
  name: "rentals",
  wire(deps, engine) {
    rentals = createRentalsService(deps, engine);
  },
  applied,
  steps: [
    stepKind({
      t: "rentBook" as const,
      weight: 3,
      arbitrary: fc.record({
        t: fc.constant("rentBook" as const),
        owner: user,
        renter: user,
        rental: fc.nat({ max: 50 }),
        // Most often a new publication of a new 'alquilar' asset.
        fresh: fc.option(
          fc.record({ price: fc.constantFrom(0, 5, 20, 60), credits: fc.integer({ min: 0, max: 400 }) }),
          { nil: null, freq: 3 },
        ),
        // Days from..from + days - 1 from today.
        from: fc.integer({ min: 0, max: 6 }),
        days: fc.integer({ min: 1, max: 4 }),
        funded: fc.oneof(fc.constant(true), fc.boolean()),
        follow: fc.array(fc.record({ action: rentAction, by: rentRole, late: fc.boolean() }), { maxLength: 2 }),
        second: fc.option(
          fc.record({ renter: user, from: fc.integer({ min: 0, max: 6 }), days: fc.integer({ min: 1, max: 4 }) }),
          { nil: null },
        ),
      }),
      async apply(ctx, op) {
        const { ids, m, clock } = ctx;
        const all = state(m).rentals;
        const today = colombiaToday(clock.now());
        let rental: ModelRental;
        if (op.fresh !== null || all.length === 0) {
          const price = op.fresh?.price ?? 20;
          const a = await insertAsset(ctx, op.owner, op.fresh?.credits ?? 100, "alquilar");
          const r = await rentals.create(asUser(ids[op.owner]!), {
            assetId: a.id,
            pricePerDay: price,
            startDate: today,
            endDate: plusDays(today, 15),
            terms: "Prueba",
          });
          expect(r.rental).toMatchObject({ status: "active", pricePerDay: price, startDate: today });
          rental = {
            id: r.rental._id,
            asset: a,
            owner: op.owner,
            price,
            start: today,
            end: plusDays(today, 15),
            closed: false,
          };
          all.push(rental);
        } else rental = all[op.rental % all.length]!;
        const booking = await bookOnce(ctx, rental, op.renter, op.from, op.days, op.funded);
        // Another renter right away on the same publication (overlaps, several running bookings of one
        // asset), before the first booking's own steps.
        if (op.second) {
          await expectDbEqualsModel(ctx);
          await bookOnce(ctx, rental, op.second.renter, op.second.from, op.second.days, true);
        }
        if (booking !== null) {
          for (const f of op.follow) {
            await expectDbEqualsModel(ctx);
            await resolve(ctx, { t: "rentResolve", booking, ...f });
          }
        }
      },
    }),
    stepKind<ResolveOp>({
      t: "rentResolve",
      weight: 4,
      arbitrary: fc.record({
        t: fc.constant("rentResolve" as const),
        booking: fc.nat({ max: 50 }),
        action: rentAction,
        by: rentRole,
        late: fc.boolean(),
      }),
      apply: resolve,
    }),
    stepKind({
      t: "rentClose" as const,
      weight: 1,
      arbitrary: fc.record({ t: fc.constant("rentClose" as const), rental: fc.nat({ max: 50 }) }),
      async apply({ ids, m }, op) {
        const all = state(m).rentals;
        if (all.length === 0) return;
        const r = all[op.rental % all.length]!;
        const res = await rentals.close(asUser(ids[r.owner]!), r.id);
        r.closed = true;
        // Nothing moves; its running bookings go on, new ones are refused.
        expect(res.rental.status).toBe("closed");
      },
    }),
  ],
  due(ctx, now) {
    const due = state(ctx.m).bookings.filter((b) => b.estado === "reservada" && b.dueAt <= now);
    return {
      count: due.length,
      async fire() {
        for (const b of due) await endBooking(ctx, b, "cerrar", "sistema");
        applied.alquileresCerrados += due.length;
      },
    };
  },
  // A booking's last day is at most 9 days after the step's day; the system closes it 3 days later.
  waitsAtMostMs: 10 * DAY + RENTAL_AUTO_CLOSE_AFTER_END_MS,
  async checkEnd({ db, m }) {
    const { rentals: all, bookings } = state(m);
    // No booking is left running (the system closed what nobody finished).
    expect(bookings.every((b) => b.estado !== "reservada")).toBe(true);
    expect(all.every((r) => r.asset.status === "disponible")).toBe(true);
    for (const r of all) await expectAssetStatus(db, r.asset);
    // Every payment was paid into escrow once and out of it once (to the owner or back to the renter).
    const paid = bookings.filter((b) => b.total > 0);
    if (paid.length === 0) return;
    const res = await db.execute(sql`select ref_id, kind, count(*)::int as n, sum(amount)::bigint as amount
      from transfers where ref_type = 'alquiler'
        and ref_id = any(string_to_array(${paid.map((b) => b.id).join(",")}, ',')::uuid[])
      group by ref_id, kind order by ref_id, kind`);
    const rows = (res as unknown as { rows: { ref_id: string; kind: string; n: number; amount: number }[] }).rows;
    const actual = rows.map((r) => `${r.ref_id}:${r.kind}:${r.n}:${Number(r.amount)}`).sort();
    const expected = paid
      .flatMap((b) => [
        `${b.id}:pago_custodia:1:${b.total}`,
        `${b.id}:${b.estado === "cancelada" ? "reembolso_custodia" : "liberacion_custodia"}:1:${b.total}`,
      ])
      .sort();
    expect(actual).toEqual(expected);
  },
};
