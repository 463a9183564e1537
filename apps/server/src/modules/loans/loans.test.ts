import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit } from "../custody/custody.testkit.ts";
import { transfer } from "../ledger/index.ts";

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

async function setup(funds = 3000) {
  const [lender, borrower] = (await k.users(2)) as [TestUser, TestUser];
  await k.fund(borrower, funds);
  const asset = await k.listFor(lender, { mainPurpose: "prestar", title: "Taladro Bosch" });
  return { lender, borrower, asset };
}

const create = (u: TestUser, body: Record<string, unknown>) => k.req("POST", u, "/api/loans/create", body);
const step = (u: TestUser, name: string, id: string) => k.req("POST", u, `/api/loans/${name}/${id}`);

async function expectBalanced() {
  const inv = await k.invariants();
  expect(inv.problems).toEqual([]);
}

describe("loans", () => {
  it("request, approve with a credit guarantee and interest, confirm return: guarantee back, interest paid", async () => {
    const { lender, borrower, asset } = await setup();
    // The borrower's dialog lists the lender's free 'prestar' assets.
    const offered = json(await k.req("GET", borrower, `/api/loans/lender-assets/${lender.id}`)).data;
    expect(offered.map((a: { _id: string }) => a._id)).toEqual([asset._id]);
    const res = await create(borrower, {
      activoId: asset._id,
      prestamistaId: lender.id,
      garantiaTipo: "creditos_bloqueados",
      garantiaValor: 500,
      plazoDias: 7,
      interes: 10,
      notas: "Para el fin de semana",
    });
    expect(res.statusCode, res.body).toBe(201);
    const loan = json(res).data;
    expect(loan).toMatchObject({
      estado: "pendiente",
      activoId: { _id: asset._id, title: "Taladro Bosch" },
      prestatarioId: { _id: borrower.id, name: "U1" },
      prestamistaId: { _id: lender.id, name: "U0" },
      garantiaValor: 500,
      plazoDias: 7,
      notas: "Para el fin de semana",
      fechaDevolucionEsperada: null,
    });
    expect(await k.balance(borrower)).toEqual({ disponibles: 3000, bloqueados: 0 });

    // The borrower cannot approve; the lender sees it.
    expect((await step(borrower, "approve", loan._id)).statusCode).toBe(403);
    const asLender = json(await k.req("GET", lender, "/api/loans/as-lender")).data;
    expect(asLender.map((l: { _id: string }) => l._id)).toContain(loan._id);
    const mine = json(await k.req("GET", borrower, "/api/loans/my-loans")).data;
    expect(mine[0]._id).toBe(loan._id);

    const ok = await step(lender, "approve", loan._id);
    expect(ok.statusCode, ok.body).toBe(200);
    const interest = Math.round(asset.creditosAsignados * 0.1);
    expect(json(ok).data).toMatchObject({ estado: "activo", interesCreditos: interest, puedeMarcarVencido: false });
    expect(json(ok).data.fechaDevolucionEsperada).toBeTruthy();
    expect(await k.balance(borrower)).toEqual({ disponibles: 3000 - 500 - interest, bloqueados: 500 });
    expect((await k.asset(lender, asset._id)).status).toBe("operacion");
    expect(json(await k.req("GET", borrower, `/api/loans/lender-assets/${lender.id}`)).data).toEqual([]);
    await expectBalanced();

    // Not overdue yet: refused.
    const early = await step(lender, "default", loan._id);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toMatch(/aún no ha vencido/);

    const lenderBefore = await k.balance(lender);
    const back = await step(lender, "confirm-return", loan._id);
    expect(back.statusCode, back.body).toBe(200);
    expect(json(back).data.estado).toBe("devuelto");
    expect(await k.balance(borrower)).toEqual({ disponibles: 3000 - interest, bloqueados: 0 });
    const lenderAfter = await k.balance(lender);
    // Interest paid and the asset's first-completion release.
    expect(lenderAfter.disponibles).toBe(lenderBefore.disponibles + interest + asset.creditosAsignados);
    expect(lenderAfter.bloqueados).toBe(lenderBefore.bloqueados - asset.creditosAsignados);
    expect((await k.asset(lender, asset._id)).status).toBe("disponible");
    // Both gain reputation from the returned loan.
    for (const u of [lender, borrower]) {
      const rep = json(await k.req("GET", null, `/api/reputation/${u.id}`)).data;
      expect(rep.partes.prestamosDevueltos.cantidad).toBe(1);
      expect(rep.reputacion).toBe(5);
    }
    // A second confirmation is an idempotent repeat: nothing moves again.
    expect((await step(lender, "confirm-return", loan._id)).statusCode).toBe(200);
    expect(await k.balance(borrower)).toEqual({ disponibles: 3000 - interest, bloqueados: 0 });
    expect(await k.balance(lender)).toEqual(lenderAfter);
    // And the borrower cannot mark it overdue afterwards.
    expect((await step(borrower, "default", loan._id)).statusCode).toBe(403);
    await expectBalanced();
  });

  it("the guarantee value is required for creditos_bloqueados; an unknown lender is 404; a short borrower cannot be approved", async () => {
    const { lender, borrower, asset } = await setup(100);
    const r1 = await create(borrower, { activoId: asset._id, prestamistaId: lender.id });
    expect(r1.statusCode).toBe(400);
    expect(json(r1).message).toBe("Debes especificar la cantidad de créditos a bloquear.");
    const r2 = await create(borrower, {
      activoId: asset._id,
      prestamistaId: "0190aaaa-0000-7000-8000-000000000000",
      garantiaValor: 5,
    });
    expect(r2.statusCode).toBe(404);
    expect(json(r2).message).toBe("Prestamista no encontrado");
    // Issue 15 item 12: a guarantee the borrower cannot cover is refused when asked, saying why.
    const r3 = await create(borrower, { activoId: asset._id, prestamistaId: lender.id, garantiaValor: 500 });
    expect(r3.statusCode, r3.body).toBe(422);
    expect(json(r3).message).toBe(
      "No tienes suficientes créditos disponibles: este préstamo bloquea 500 créditos de garantía y cobra 0 de interés al aprobarse.",
    );
    // Within reach when asked, spent before the approval: the lender is told it is the borrower who is short.
    const r4 = await create(borrower, { activoId: asset._id, prestamistaId: lender.id, garantiaValor: 80 });
    expect(r4.statusCode, r4.body).toBe(201);
    await t.database.db.transaction((tx) =>
      transfer(tx, {
        from: { userId: borrower.id, kind: "disponible" },
        to: { system: "emision" },
        amount: 50,
        kind: "correccion",
        description: "Gasto de prueba",
      }),
    );
    const ap = await step(lender, "approve", json(r4).data._id);
    expect(ap.statusCode).toBe(422);
    expect(json(ap).message).toBe(
      "Quien pidió el préstamo ya no tiene suficientes créditos disponibles para la garantía y el interés: el préstamo no se aprobó.",
    );
    expect(await k.balance(borrower)).toEqual({ disponibles: 50, bloqueados: 0 });
    expect((await k.asset(lender, asset._id)).status).not.toBe("operacion");
    await expectBalanced();
  });

  it("overdue only after the due date: the guarantee goes to the lender; reminder and notice once each", async () => {
    const { lender, borrower, asset } = await setup();
    const r = await create(borrower, {
      activoId: asset._id,
      prestamistaId: lender.id,
      garantiaValor: 300,
      plazoDias: 2,
    });
    const id = json(r).data._id;
    expect((await step(lender, "approve", id)).statusCode).toBe(200);
    const lenderBefore = await k.balance(lender);

    const now = t.clock.now().getTime();
    // Reminder from a day before the due date, once; the overdue notice after it, once (engine timers).
    expect(await t.app.deals.fireDueTimers(t.database.db, new Date(now + 1.5 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await t.app.deals.fireDueTimers(t.database.db, new Date(now + 1.5 * DAY))).toBe(0);
    expect(await t.app.deals.fireDueTimers(t.database.db, new Date(now + 3 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await t.app.deals.fireDueTimers(t.database.db, new Date(now + 3 * DAY))).toBe(0);
    const notes = json(await k.req("GET", borrower, "/api/notificaciones/usuario")).data ?? [];
    const text = JSON.stringify(notes);
    expect(text).toContain("Recordatorio de devolución");

    t.clock.set(new Date(now + 3 * DAY));
    const d = await step(lender, "default", id);
    expect(d.statusCode, d.body).toBe(200);
    expect(json(d).data.estado).toBe("vencido");
    expect(await k.balance(borrower)).toEqual({ disponibles: 2700, bloqueados: 0 });
    expect((await k.balance(lender)).disponibles).toBe(lenderBefore.disponibles + 300);
    expect((await k.asset(lender, asset._id)).status).toBe("disponible");
    // The borrower loses reputation.
    expect(json(await k.req("GET", null, `/api/reputation/${borrower.id}`)).data.reputacion).toBe(-10);
    t.clock.set(new Date(now));
    await expectBalanced();
  });

  it("approve racing cancel: exactly one wins and the ledger stays balanced", async () => {
    const { lender, borrower, asset } = await setup();
    const r = await create(borrower, { activoId: asset._id, prestamistaId: lender.id, garantiaValor: 400 });
    const id = json(r).data._id;
    const [a, c] = await Promise.all([step(lender, "approve", id), step(borrower, "cancel", id)]);
    const codes = [a.statusCode, c.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const b = await k.balance(borrower);
    if (a.statusCode === 200) expect(b).toEqual({ disponibles: 2600, bloqueados: 400 });
    else expect(b).toEqual({ disponibles: 3000, bloqueados: 0 });
    await expectBalanced();
  });

  it("a pending request that nobody answers expires after 7 days (timer)", async () => {
    const { lender, borrower, asset } = await setup();
    const r = await create(borrower, { activoId: asset._id, prestamistaId: lender.id, garantiaTipo: "ninguna" });
    expect(r.statusCode, r.body).toBe(201);
    const id = json(r).data._id;
    await t.app.deals.fireDueTimers(t.database.db, new Date(t.clock.now().getTime() + 8 * DAY));
    const mine = json(await k.req("GET", borrower, "/api/loans/my-loans")).data;
    expect(mine.find((l: { _id: string }) => l._id === id).estado).toBe("cancelado");
  });
});
