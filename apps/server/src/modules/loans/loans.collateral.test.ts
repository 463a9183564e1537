import { DEALS_MSG, LOAN_MSG } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit } from "../custody/custody.testkit.ts";
import { getHold, getSystemBalances, releaseHold } from "../ledger/index.ts";

/*
 * A loan guaranteed by one of the borrower's assets (garantiaTipo activo_colateral; ADR 014): named at
 * the request, reserved at approval, freed at the return, handed to the lender when overdue.
 */

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

const create = (u: TestUser, body: Record<string, unknown>) => k.req("POST", u, "/api/loans/create", body);
const step = (u: TestUser, name: string, id: string) => k.req("POST", u, `/api/loans/${name}/${id}`);

/** A lender with a 'prestar' asset, a borrower with a collateral (for sale, so a third person could buy it). */
async function setup() {
  const [lender, borrower, buyer] = (await k.users(3)) as [TestUser, TestUser, TestUser];
  const lent = await k.listFor(lender, { mainPurpose: "prestar", title: "Taladro Bosch" });
  const collateral = await k.listFor(borrower, { mainPurpose: "vender", title: "Bicicleta Trek" });
  return { lender, borrower, buyer, lent, collateral };
}

const request = (s: Awaited<ReturnType<typeof setup>>, over: Record<string, unknown> = {}) =>
  create(s.borrower, {
    activoId: s.lent._id,
    prestamistaId: s.lender.id,
    garantiaTipo: "activo_colateral",
    garantiaActivoId: s.collateral._id,
    plazoDias: 3,
    ...over,
  });

async function expectBalanced() {
  const inv = await k.invariants();
  expect(inv.problems).toEqual([]);
  expect(inv.sumIsZero && inv.noNegative && inv.balancesMatchTransfers && inv.holdsMatchBloqueado).toBe(true);
}

describe("loans guaranteed by an asset (activo_colateral)", () => {
  it("the request names one of my own listed assets in no other deal; nothing is reserved yet", async () => {
    const s = await setup();
    const { borrower, lender, lent, collateral } = s;

    const missing = await request(s, { garantiaActivoId: undefined });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe(LOAN_MSG.collateralRequired);

    const same = await request(s, { garantiaActivoId: lent._id });
    expect(same.statusCode).toBe(400);
    expect(json(same).message).toBe(LOAN_MSG.collateralSameAsset);

    // The lender's asset (not mine) and an unknown id: refused without telling whose it is.
    const other = await k.listFor(lender, { title: "Cámara del prestamista" });
    for (const id of [other._id, "0190aaaa-0000-7000-8000-000000000000"]) {
      const r = await request(s, { garantiaActivoId: id });
      expect(r.statusCode).toBe(400);
      expect(json(r).message).toBe(LOAN_MSG.collateralNotYours);
    }

    // An asset of mine already in a deal (someone is buying it): not available.
    const busy = await k.listFor(borrower, { title: "Guitarra en venta" });
    const [buyer] = (await k.users(1)) as [TestUser];
    await k.fund(buyer, 5000);
    expect((await k.buy(buyer, busy._id, borrower.id)).statusCode).toBe(201);
    const inDeal = await request(s, { garantiaActivoId: busy._id });
    expect(inDeal.statusCode).toBe(409);
    expect(json(inDeal).message).toBe(LOAN_MSG.collateralNotAvailable);

    // A valid request: the guarantee is the asset, worth its credits; the client's value is ignored.
    const ok = await request(s, { garantiaValor: 1 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok).data).toMatchObject({
      estado: "pendiente",
      garantiaTipo: "activo_colateral",
      garantiaValor: collateral.creditosAsignados,
      garantiaActivoId: { _id: collateral._id, title: "Bicicleta Trek" },
    });
    expect((await k.asset(borrower, collateral._id)).status).toBe("disponible");

    // Cancelled before approval: nothing was reserved, nothing moved.
    const before = await k.balance(borrower);
    expect((await step(borrower, "cancel", json(ok).data._id)).statusCode).toBe(200);
    expect((await k.asset(borrower, collateral._id)).status).toBe("disponible");
    expect(await k.balance(borrower)).toEqual(before);

    // Rejected by the lender: the same.
    const again = await request(s);
    expect((await step(lender, "reject", json(again).data._id)).statusCode).toBe(200);
    expect((await k.asset(borrower, collateral._id)).status).toBe("disponible");
    // And the collateral can be sold afterwards: nothing holds it.
    await k.fund(buyer, 5000);
    expect((await k.buy(buyer, collateral._id, borrower.id)).statusCode).toBe(201);
    await expectBalanced();
  });

  it("approval reserves the collateral (no sale, no deactivation, no 'Finalizar'); the return frees it", async () => {
    const s = await setup();
    const { borrower, lender, buyer, lent, collateral } = s;
    const id = json(await request(s)).data._id;
    const borrowerBefore = await k.balance(borrower);

    const ap = await step(lender, "approve", id);
    expect(ap.statusCode, ap.body).toBe(200);
    expect(json(ap).data).toMatchObject({
      estado: "activo",
      garantiaActivoId: { _id: collateral._id, title: "Bicicleta Trek" },
      garantiaValor: collateral.creditosAsignados,
    });
    expect((await k.asset(borrower, collateral._id)).status).toBe("operacion");
    expect((await k.asset(lender, lent._id)).status).toBe("operacion");
    // No credits move for an asset guarantee (interest 0): the collateral's own hold stays where it was.
    expect(await k.balance(borrower)).toEqual(borrowerBefore);

    // Reserved: nobody can buy it, the owner cannot deactivate it or finish 'its operation'.
    await k.fund(buyer, 5000);
    const sale = await k.buy(buyer, collateral._id, borrower.id);
    expect(sale.statusCode).toBe(409);
    const off = await k.req("PUT", borrower, `/api/activos/desactivar/${collateral._id}`);
    expect(off.statusCode).toBe(409);
    const fin = await k.req("PUT", borrower, `/api/operaciones/finalizar/${collateral._id}`);
    expect(fin.statusCode).toBe(409);
    expect(json(fin).message).toBe(LOAN_MSG.collateralReserved);
    expect(await k.balance(borrower)).toEqual(borrowerBefore);
    // Nor name it again as the guarantee of another loan.
    const lent2 = await k.listFor(lender, { mainPurpose: "prestar", title: "Escalera" });
    const second = await create(borrower, {
      activoId: lent2._id,
      prestamistaId: lender.id,
      garantiaTipo: "activo_colateral",
      garantiaActivoId: collateral._id,
    });
    expect(second.statusCode).toBe(409);
    expect(json(second).message).toBe(LOAN_MSG.collateralNotAvailable);

    const mine = json(await k.req("GET", borrower, "/api/loans/my-loans")).data;
    expect(mine[0].garantiaActivoId.title).toBe("Bicicleta Trek");
    await expectBalanced();

    const back = await step(lender, "confirm-return", id);
    expect(back.statusCode, back.body).toBe(200);
    expect(json(back).data.estado).toBe("devuelto");
    const freed = await k.asset(borrower, collateral._id);
    expect(freed.status).toBe("disponible");
    expect(freed.userId?._id ?? freed.userId).toBe(borrower.id);
    // Freeing the collateral is not a completed use of it: its credits stay blocked, as before.
    expect(await k.balance(borrower)).toEqual(borrowerBefore);
    expect(freed.estadoCredito).toBe("bloqueado");
    // Now it can be sold again.
    expect((await k.buy(buyer, collateral._id, borrower.id)).statusCode).toBe(201);
    await expectBalanced();
  });

  it("overdue (lender, after the due date): the collateral becomes the lender's, its blocked credits destroyed", async () => {
    const s = await setup();
    const { borrower, lender, collateral } = s;
    const id = json(await request(s)).data._id;
    expect((await step(lender, "approve", id)).statusCode).toBe(200);
    const borrowerBefore = await k.balance(borrower);
    const lenderBefore = await k.balance(lender);
    const destroyedBefore = (await getSystemBalances(t.database.db)).destruccion;

    const now = t.clock.now().getTime();
    t.clock.set(new Date(now + 4 * DAY));
    try {
      const d = await step(lender, "default", id);
      expect(d.statusCode, d.body).toBe(200);
      expect(json(d).data.estado).toBe("vencido");
    } finally {
      t.clock.set(new Date(now));
    }
    // The lender owns it now: available, unlisted, no blocked credits left on it.
    const taken = await k.asset(lender, collateral._id);
    expect(taken.userId?._id ?? taken.userId).toBe(lender.id);
    expect(taken).toMatchObject({ status: "disponible", privacy: "privado", estadoCredito: "liberado" });
    const c = collateral.creditosAsignados;
    expect(await k.balance(borrower)).toEqual({
      disponibles: borrowerBefore.disponibles,
      bloqueados: borrowerBefore.bloqueados - c,
    });
    expect(await k.balance(lender)).toEqual(lenderBefore);
    expect((await getSystemBalances(t.database.db)).destruccion).toBe(destroyedBefore + c);
    expect((await getHold(t.database.db, "activo", collateral._id))?.status).toBe("destruida");
    // Any later release of that asset's hold (the lender's first deal with it) gives the borrower nothing.
    const later = await t.database.db.transaction((tx) =>
      releaseHold(tx, { refType: "activo", refId: collateral._id, description: "Intento posterior" }),
    );
    expect(later.amount).toBe(0);
    expect(await k.balance(borrower)).toEqual({
      disponibles: borrowerBefore.disponibles,
      bloqueados: borrowerBefore.bloqueados - c,
    });
    // The borrower's notification says so.
    const notes = JSON.stringify(json(await k.req("GET", borrower, "/api/notificaciones/usuario")).data ?? []);
    expect(notes).toContain("pasó al prestamista como garantía");
    // The borrower loses reputation as for any overdue loan.
    expect(json(await k.req("GET", null, `/api/reputation/${borrower.id}`)).data.reputacion).toBe(-10);
    await expectBalanced();
  });

  it("overdue by the system's closing timer: the collateral goes to the lender the same way", async () => {
    const s = await setup();
    const { borrower, lender, collateral } = s;
    const id = json(await request(s)).data._id;
    expect((await step(lender, "approve", id)).statusCode).toBe(200);
    const bloqueados = (await k.balance(borrower)).bloqueados;
    // The loan's long closing timer (two years) fires; the collateral's own safety timer is later.
    await t.app.deals.fireDueTimers(t.database.db, new Date(t.clock.now().getTime() + 731 * DAY));
    const mine = json(await k.req("GET", borrower, "/api/loans/my-loans")).data;
    expect(mine.find((l: { _id: string }) => l._id === id).estado).toBe("vencido");
    const taken = await k.asset(lender, collateral._id);
    expect(taken.userId?._id ?? taken.userId).toBe(lender.id);
    expect(taken.status).toBe("disponible");
    expect((await k.balance(borrower)).bloqueados).toBe(bloqueados - collateral.creditosAsignados);
    // Even later, the collateral's safety timer finds its deal closed and does nothing.
    await t.app.deals.fireDueTimers(t.database.db, new Date(t.clock.now().getTime() + 800 * DAY));
    expect((await k.asset(lender, collateral._id)).userId?._id ?? taken.userId).toBe(lender.id);
    await expectBalanced();
  });

  it("the collateral bought while the loan is pending: the approval is a clean 409 and nothing moves", async () => {
    const s = await setup();
    const { borrower, lender, buyer, lent, collateral } = s;
    const id = json(await request(s)).data._id;
    await k.fund(buyer, 5000);
    expect((await k.buy(buyer, collateral._id, borrower.id)).statusCode).toBe(201);
    const lenderBefore = await k.balance(lender);
    const ap = await step(lender, "approve", id);
    expect(ap.statusCode).toBe(409);
    expect(json(ap).message).toBe(LOAN_MSG.collateralTaken);
    // Nothing of the approval was kept: the loan is pending, the lent asset free.
    const asLender = json(await k.req("GET", lender, "/api/loans/as-lender")).data;
    expect(asLender.find((l: { _id: string }) => l._id === id).estado).toBe("pendiente");
    expect((await k.asset(lender, lent._id)).status).not.toBe("operacion");
    expect(await k.balance(lender)).toEqual(lenderBefore);

    // A collateral deactivated by its owner while the request waits: the same clean 409.
    const other = await k.listFor(borrower, { title: "Patineta" });
    const lent2 = await k.listFor(lender, { mainPurpose: "prestar", title: "Carpa" });
    const r2 = await request(s, { activoId: lent2._id, garantiaActivoId: other._id });
    expect(r2.statusCode, r2.body).toBe(201);
    const id2 = json(r2).data._id;
    expect((await k.req("PUT", borrower, `/api/activos/desactivar/${other._id}`)).statusCode).toBe(200);
    const ap2 = await step(lender, "approve", id2);
    expect(ap2.statusCode).toBe(409);
    expect(json(ap2).message).toBe(LOAN_MSG.collateralTaken);
    await expectBalanced();
  });

  it("approval racing a purchase of the collateral: exactly one wins, the other gets a Spanish 409", async () => {
    for (let round = 0; round < 4; round++) {
      const s = await setup();
      const { borrower, lender, buyer, lent, collateral } = s;
      // The borrower has the interest when asking (a request they cannot cover is refused: issue 15 item 12).
      await k.fund(borrower, 1000);
      const id = json(await request(s, { interes: 10 })).data._id;
      await k.fund(buyer, 5000);
      // Either request may reach the database first (alternate which one is sent first).
      const approve = () => step(lender, "approve", id);
      const buy = () => k.buy(buyer, collateral._id, borrower.id);
      const [ap, sale] =
        round % 2 === 0
          ? await Promise.all([approve(), buy()])
          : await Promise.all([buy(), approve()]).then(([b, a]) => [a, b] as const);
      const ok = [ap.statusCode, sale.statusCode].filter((c) => c < 300);
      expect(ok, `${ap.body} / ${sale.body}`).toHaveLength(1);
      const loser = ap.statusCode < 300 ? sale : ap;
      expect(loser.statusCode).toBe(409);
      expect(json(loser).message).toBe(ap.statusCode < 300 ? DEALS_MSG.notAvailable : LOAN_MSG.collateralTaken);
      const c = await k.asset(borrower, collateral._id);
      expect(c.status).toBe("operacion");
      if (ap.statusCode === 200) {
        expect(json(ap).data.estado).toBe("activo");
        expect((await k.balance(buyer)).disponibles).toBe(5000);
      } else {
        // The sale won: the approval left nothing behind (no interest escrowed, the lent asset free).
        expect((await k.asset(lender, lent._id)).status).not.toBe("operacion");
      }
      await expectBalanced();
    }
  });
});
