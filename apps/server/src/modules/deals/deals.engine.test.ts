/**
 * The engine is generic: a toy process (a rental-like deal the owner finishes)
 * registered at runtime exercises roles, guards, idempotent repeats, history,
 * timers and the PUT /operaciones/finalizar hook, with no custody code involved.
 */
import { nextAssetStatus, type ProcessSpec } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conflict } from "../../lib/errors.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { updateAsset } from "../assets/index.ts";
import { kit, quietPool } from "../custody/custody.testkit.ts";
import { releaseHold } from "../ledger/index.ts";
import { verifyPeople } from "../limits/limits.testkit.ts";
import { listHistory, listTimers, type ProcessHandlers } from "./index.ts";

const DAY = 24 * 60 * 60 * 1000;
const TOY: ProcessSpec = {
  name: "prueba_alquiler",
  roles: ["dueno", "inquilino"],
  states: {
    activa: { label: "Activa", timers: [{ name: "fin", transition: "vencer", afterMs: DAY }] },
    terminada: { label: "Terminada", final: true },
  },
  transitions: {
    iniciar: { label: "", from: null, to: "activa", actors: ["dueno"], guards: ["libre"], effects: ["reservar"] },
    terminar: {
      label: "",
      from: ["activa"],
      to: "terminada",
      actors: ["dueno"],
      guards: [],
      effects: ["liberar"],
      completesOperation: true,
      outcome: { resultado: "completado", confirma: "entrega" },
    },
    vencer: {
      label: "",
      from: ["activa"],
      to: "terminada",
      actors: ["sistema"],
      guards: [],
      effects: ["liberar"],
      outcome: { resultado: "vencido" },
    },
  },
  stateMessages: { terminada: "Este alquiler ya terminó" },
  finishRefusedMessage: "No se puede finalizar",
};

type Rec = { n: number };
const handlers: ProcessHandlers<Rec> = {
  load: async () => ({ n: 1 }),
  guards: {
    libre(ctx) {
      if (ctx.asset?.status !== "disponible") throw conflict("Ocupado");
    },
  },
  effects: {
    async reservar(ctx) {
      const a = ctx.asset!;
      ctx.setAsset(await updateAsset(ctx.tx, a.id, { status: nextAssetStatus(a, "reservar") }));
    },
    async liberar(ctx) {
      const a = ctx.asset!;
      const r = await releaseHold(ctx.tx, { refType: "activo", refId: a.id });
      ctx.result.creditosLiberados = r.amount;
      ctx.setAsset(
        await updateAsset(ctx.tx, a.id, {
          status: nextAssetStatus(a, "liberar"),
          vecesUsado: a.vecesUsado + 1,
          estadoCredito: "liberado",
        }),
      );
    },
  },
};

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
  t.app.deals.register(TOY, handlers);
});
afterAll(() => t.close());

const auth = (u: TestUser) => ({ id: u.id, email: u.email, isAdmin: false });

async function startToy(owner: TestUser, tenant: TestUser, assetId: string) {
  return t.database.db.transaction((tx) =>
    t.app.deals.start<Rec>(tx, {
      process: TOY.name,
      transition: "iniciar",
      assetId,
      parties: (a) => ({ dueno: a.userId, inquilino: tenant.id }),
      actor: { user: auth(owner) },
      build: async () => ({ n: 0 }),
      save: async (_tx, _deal, built) => built,
    }),
  );
}

describe("the process engine with a toy process", () => {
  it("finalizar completes the running deal where the process lets the owner; history, timers and roles", async () => {
    const owner = await signUp(t.app);
    // Identity-verified: the completion's release is spendable (ADR 015).
    await verifyPeople(t.database.db, owner.id);
    const tenant = await signUp(t.app);
    const asset = await k.listFor(owner, { mainPurpose: "alquilar" });
    const started = await startToy(owner, tenant, asset._id);
    expect(started.deal.state).toBe("activa");
    expect((await k.asset(owner, asset._id)).status).toBe("operacion");
    expect((await listTimers(t.database.db, started.deal.id)).map((x) => x.status)).toEqual(["pendiente"]);

    // A second deal on the same asset is refused by the guard under the lock.
    await expect(startToy(owner, tenant, asset._id)).rejects.toMatchObject({ code: "CONFLICT" });
    // The tenant may not take the owner's transition; a stranger does not see the deal.
    await expect(
      t.database.db.transaction((tx) =>
        t.app.deals.apply(tx, { dealId: started.deal.id, transition: "terminar", actor: { user: auth(tenant) } }),
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const stranger = await signUp(t.app);
    await expect(
      t.database.db.transaction((tx) =>
        t.app.deals.apply(tx, { dealId: started.deal.id, transition: "terminar", actor: { user: auth(stranger) } }),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const res = await k.req("PUT", owner, `/api/operaciones/finalizar/${asset._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.creditMovement.creditosLiberados).toBe(asset.creditosAsignados);
    expect(json(res).data.asset).toMatchObject({ status: "disponible", vecesUsado: 1 });
    expect(await k.balance(owner)).toEqual({ disponibles: asset.creditosAsignados, bloqueados: 0 });

    // The same transition again is one effect; the timer was cancelled and never fires.
    const again = await t.database.db.transaction((tx) =>
      t.app.deals.apply(tx, { dealId: started.deal.id, transition: "terminar", actor: { user: auth(owner) } }),
    );
    expect(again.applied).toBe(false);
    expect(await t.app.deals.fireDueTimers(t.database.db, new Date(t.clock.now().getTime() + 2 * DAY))).toBe(0);
    expect((await listTimers(t.database.db, started.deal.id)).map((x) => x.status)).toEqual(["cancelado"]);
    expect(
      (await listHistory(t.database.db, started.deal.id)).map((h) => `${h.fromState}>${h.toState}:${h.actorRole}`),
    ).toEqual(["null>activa:dueno", "activa>terminada:dueno"]);
    expect(await k.balance(owner)).toEqual({ disponibles: asset.creditosAsignados, bloqueados: 0 });
  });

  it("the timer ends a forgotten deal as the system; finishing afterwards is refused", async () => {
    const owner = await signUp(t.app);
    const tenant = await signUp(t.app);
    const asset = await k.listFor(owner, { mainPurpose: "alquilar" });
    const started = await startToy(owner, tenant, asset._id);
    expect(await t.app.deals.fireDueTimers(t.database.db, new Date(t.clock.now().getTime() + DAY + 1))).toBe(1);
    expect((await k.asset(owner, asset._id)).status).toBe("disponible");
    const history = await listHistory(t.database.db, started.deal.id);
    expect(history.at(-1)).toMatchObject({ transition: "vencer", actorRole: "sistema", actorUserId: null });
    const finish = await k.req("PUT", owner, `/api/operaciones/finalizar/${asset._id}`);
    expect(finish.statusCode).toBe(409);
    expect(json(finish).message).toBe("Este activo no tiene una operación en curso");
    const inv = await k.invariants();
    expect(inv.problems).toEqual([]);
  });
});
