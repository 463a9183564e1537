/**
 * One engine, no side doors (issue 18 item 3, ADR 024): every table is checked against its real
 * handlers when registered (the app does not boot otherwise); an active loan's reminders are engine
 * timers in deal_timers that leave its deadline alone; a community donation's claim takes the vacant
 * role through the engine.
 */
import {
  CUSTODY_PROCESS,
  DONATION_PROCESS,
  EXCHANGE_PROCESS,
  LOAN_COLLATERAL_PROCESS,
  LOAN_PROCESS,
  LOCAL_EXCHANGE_PROCESS,
  PURCHASE_PROCESS,
  RENTAL_PROCESS,
  REVIEW_PROCESS,
  WITHDRAWAL_PROCESS,
} from "@valoriza/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, quietPool } from "../custody/custody.testkit.ts";
import { createDealsEngine, listHistory, listTimers, type ProcessHandlers } from "./index.ts";

const DAY = 24 * 60 * 60 * 1000;
let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
});
afterAll(() => t.close());

describe("every table validated against its real handlers at boot", () => {
  it("the app registers all ten tables (eight kinds of deal, exchanges with two timers, review rounds)", () => {
    expect(t.app.deals.processNames().sort()).toEqual(
      [
        CUSTODY_PROCESS,
        LOAN_PROCESS,
        LOAN_COLLATERAL_PROCESS,
        RENTAL_PROCESS,
        DONATION_PROCESS,
        EXCHANGE_PROCESS,
        LOCAL_EXCHANGE_PROCESS,
        PURCHASE_PROCESS,
        WITHDRAWAL_PROCESS,
        REVIEW_PROCESS,
      ]
        .map((p) => p.name)
        .sort(),
    );
  });

  it("a table and handlers that disagree are refused at registration, naming every mismatch", () => {
    const engine = createDealsEngine({ clock: t.clock });
    const noop = async () => {};
    const handlers: ProcessHandlers<unknown> = {
      load: async () => ({}),
      guards: {},
      // reponerStock missing; 'sobrante' implemented but named by no transition (cobrar, reembolsar,
      // notificarComprador and registrarActividad are library effects configured in the table, ADR 026).
      effects: {
        descontarStock: noop,
        sobrante: noop,
      },
    };
    expect(() => engine.register(PURCHASE_PROCESS, handlers)).toThrow(
      /compra_tienda does not match its handlers:[\s\S]*cancelar: efecto sin implementar reponerStock[\s\S]*efecto implementado sin usar: sobrante/,
    );
    // A relative timer without its base date, and a sub-process whose parent is not registered.
    const loanLike: ProcessHandlers<unknown> = {
      load: async () => ({}),
      guards: Object.fromEntries(["activoPrestable", "activoEnOperacion", "plazoVencido"].map((g) => [g, noop])),
      effects: Object.fromEntries(
        [...new Set(Object.values(LOAN_PROCESS.transitions).flatMap((tr) => tr.effects))].map((e) => [e, noop]),
      ),
    };
    expect(() => engine.register(LOAN_PROCESS, loanLike)).toThrow(
      /activo.recordatorio: cuenta desde fechaDevolucionEsperada/,
    );
    expect(() =>
      engine.register(LOAN_COLLATERAL_PROCESS, {
        load: async () => ({}),
        guards: { garantiaDisponible: noop },
        effects: { reservarActivo: noop, liberarActivo: noop, entregarActivo: noop },
      }),
    ).toThrow(/sub-proceso de prestamo, que no está registrado antes/);
    expect(engine.processNames()).toEqual([]);
  });
});

describe("loan reminders are engine timers", () => {
  async function activeLoan(plazoDias: number) {
    const [lender, borrower] = (await k.users(2)) as [TestUser, TestUser];
    const asset = await k.listFor(lender, { mainPurpose: "prestar", title: "Carpa" });
    const r = await k.req("POST", borrower, "/api/loans/create", {
      activoId: asset._id,
      prestamistaId: lender.id,
      garantiaTipo: "ninguna",
      plazoDias,
    });
    expect(r.statusCode, r.body).toBe(201);
    const id = json(r).data._id as string;
    const ap = await k.req("POST", lender, `/api/loans/approve/${id}`);
    expect(ap.statusCode, ap.body).toBe(200);
    return { lender, borrower, id, due: new Date(json(ap).data.fechaDevolucionEsperada as string) };
  }
  const notices = async (u: TestUser, titulo: string) =>
    ((json(await k.req("GET", u, "/api/notificaciones/usuario")).data ?? []) as { titulo: string }[]).filter(
      (n) => n.titulo === titulo,
    ).length;
  const pending = async (id: string) =>
    Object.fromEntries(
      (await listTimers(t.database.db, id)).filter((x) => x.status === "pendiente").map((x) => [x.name, x.dueAt]),
    );

  it("approval schedules the reminder, the overdue notice and the deadline from the due date", async () => {
    const { id, due } = await activeLoan(5);
    expect(await pending(id)).toEqual({
      recordatorio: new Date(due.getTime() - DAY),
      aviso_vencimiento: new Date(due.getTime() + 1),
      cierre: new Date(due.getTime() + 365 * DAY),
    });
  });

  it("a reminder fires once, stays in 'activo', keeps the deadline, and the approval is still an idempotent repeat", async () => {
    const { lender, borrower, id, due } = await activeLoan(3);
    const deadline = (await pending(id)).cierre;
    await t.app.deals.fireDueTimers(t.database.db, new Date(due.getTime() - DAY + 60_000));
    await t.app.deals.fireDueTimers(t.database.db, new Date(due.getTime() - DAY + 120_000));
    expect(await notices(borrower, "Recordatorio de devolución")).toBe(1);
    expect(await pending(id)).toEqual({ aviso_vencimiento: new Date(due.getTime() + 1), cierre: deadline });
    const history = await listHistory(t.database.db, id);
    expect(history.map((h) => [h.transition, h.fromState, h.toState, h.actorRole])).toEqual([
      ["solicitar", null, "pendiente", "prestatario"],
      ["aprobar", "pendiente", "activo", "prestamista"],
      ["recordarDevolucion", "activo", "activo", "sistema"],
    ]);
    // The reminder is no step of a party: approving again is still the same approval (no effect).
    const again = await k.req("POST", lender, `/api/loans/approve/${id}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again).data.estado).toBe("activo");

    // After the due date: the notice to both, once; the loan stays active until someone closes it.
    await t.app.deals.fireDueTimers(t.database.db, new Date(due.getTime() + 60_000));
    await t.app.deals.fireDueTimers(t.database.db, new Date(due.getTime() + 120_000));
    for (const u of [borrower, lender]) expect(await notices(u, "Préstamo con la fecha de devolución vencida")).toBe(1);
    expect(await pending(id)).toEqual({ cierre: deadline });
    const state = await t.database.db.execute(sql`select state from deals where id = ${id}::uuid`);
    expect((state as unknown as { rows: { state: string }[] }).rows[0]?.state).toBe("activo");
  });

  it("the deadline closes a forgotten loan as overdue a year after its due date (the borrower's default)", async () => {
    const { borrower, id, due } = await activeLoan(2);
    await t.app.deals.fireDueTimers(t.database.db, new Date(due.getTime() + 365 * DAY + 60_000));
    const row = await t.database.db.execute(
      sql`select state, outcome, outcome_role as "role" from deals where id = ${id}::uuid`,
    );
    expect((row as unknown as { rows: unknown[] }).rows[0]).toEqual({
      state: "vencido",
      outcome: "incumplido",
      role: "prestatario",
    });
    expect(json(await k.req("GET", null, `/api/reputation/${borrower.id}`)).data.reputacion).toBe(-10);
  });
});

describe("a community donation's claim goes through the engine", () => {
  it("the claimer takes the vacant beneficiary role; the history says so; a second claimer gets the Spanish 409", async () => {
    const [donor, first, second] = (await k.users(3)) as [TestUser, TestUser, TestUser];
    const asset = await k.listFor(donor, { mainPurpose: "donar", title: "Sofá" });
    const d = await k.req("POST", donor, "/api/donations", { assetId: asset._id, message: "Para quien lo necesite" });
    expect(d.statusCode, d.body).toBe(201);
    const id = json(d).data._id as string;
    const c = await k.req("POST", first, `/api/donations/claim/${id}`);
    expect(c.statusCode, c.body).toBe(200);
    expect(json(c).data.recipientId._id).toBe(first.id);
    const row = await t.database.db.execute(
      sql`select parties, outcome, outcome_role as "role" from deals where id = ${id}::uuid`,
    );
    expect((row as unknown as { rows: unknown[] }).rows[0]).toEqual({
      parties: { donante: donor.id, beneficiario: first.id },
      outcome: "completado",
      role: "beneficiario",
    });
    const last = (await listHistory(t.database.db, id)).at(-1);
    expect([last?.transition, last?.actorRole, last?.actorUserId]).toEqual(["aceptar", "beneficiario", first.id]);
    const late = await k.req("POST", second, `/api/donations/claim/${id}`);
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toBe("Esta donación ya fue reclamada por otra persona");
  });
});
