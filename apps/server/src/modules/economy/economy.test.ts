import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, assets } from "../../db/schema/index.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { createTestApp, json, signUp, type TestContext } from "../../test/harness.ts";
import { destroyHold, issueBlocked, releaseHold } from "../ledger/index.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/economia/reporte" });
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
};

async function issue(userId: string, amount: number): Promise<string> {
  const refId = uuidv7();
  await t.database.db.transaction((tx) =>
    issueBlocked(tx, { userId, amount, refType: "activo", refId, actorUserId: userId, description: "Prueba" }),
  );
  return refId;
}

const bogotaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota" }).format(new Date());

describe("GET /api/economia/estado", () => {
  it("answers the exchange rate without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/economia/estado" });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, tasaCambio: 1000, moneda: "COP" });
  });
});

describe("GET /api/economia/reporte", () => {
  // Runs first, on the file's fresh database.
  it("answers an all-zero, balanced report for an empty economy, without a session", async () => {
    t.clock.set(new Date("2031-03-04T05:06:07.000Z"));
    expect(await report()).toEqual({
      success: true,
      data: {
        creditosCirculacion: 0,
        creditosEmitidos: 0,
        creditosDestruidos: 0,
        creditosEnRevision: 0,
        creditosLiberadosMes: 0,
        colaLiberacion: { creditos: 0, revisiones: 0, topeDiario: 20_000, liberadosHoy: 0, esperanVerificacion: 0 },
        metricas: { totalUsuarios: 0, totalActivos: 0, creditosPromedioUsuario: 0 },
        ultimaActualizacion: "2031-03-04T05:06:07.000Z",
        equilibrado: true,
        sistema: { custodia: 0, tienda: 0, retiros: 0, tasaCambio: 1000 },
        historial: [],
      },
    });
  });

  it("follows credits issued, released and destroyed through the ledger", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await signUp(t.app); // a user with no credits still counts
    const holdA = await issue(a.id, 100);
    const holdB = await issue(b.id, 50);
    await issue(b.id, 25);
    await t.database.db.transaction(async (tx) => {
      await releaseHold(tx, { refType: "activo", refId: holdA, actorUserId: a.id, description: "Finalizada" });
      await destroyHold(tx, { refType: "activo", refId: holdB, actorUserId: b.id, description: "Desactivado" });
    });
    await t.database.db.insert(assets).values([
      { id: uuidv7(), userId: a.id, title: "Mesa", assetType: "bien" },
      { id: uuidv7(), userId: a.id, title: "Silla", assetType: "bien", status: "operacion" },
      { id: uuidv7(), userId: b.id, title: "Lámpara", assetType: "bien", status: "desactivado" },
    ]);

    const { data } = await report();
    expect(data).toMatchObject({
      creditosEmitidos: 175,
      creditosDestruidos: 50,
      creditosCirculacion: 125, // 100 available (a) + 25 blocked (b)
      metricas: { totalUsuarios: 3, totalActivos: 2, creditosPromedioUsuario: 42 }, // round(125 / 3)
      equilibrado: true,
      sistema: { custodia: 0, tienda: 0, retiros: 0, tasaCambio: 1000 },
    });
    // Emitted = destroyed + in circulation + held by the system accounts.
    expect(data.creditosEmitidos).toBe(data.creditosDestruidos + data.creditosCirculacion);
    expect(data.historial).toEqual([{ fecha: bogotaToday(), emitidos: 175, destruidos: 50 }]);
  });

  it("says 'not balanced' when the sum of all balances is not 0", async () => {
    // Simulate a broken ledger for one read, then put it back.
    const tienda = and(isNull(accounts.userId), eq(accounts.kind, "tienda"));
    const [row] = await t.database.db.select({ id: accounts.id }).from(accounts).where(tienda);
    if (!row) {
      await t.database.db.insert(accounts).values({ kind: "tienda", balance: 7 });
    } else {
      await t.database.db
        .update(accounts)
        .set({ balance: sql`${accounts.balance} + 7` })
        .where(eq(accounts.id, row.id));
    }
    try {
      const { data } = await report();
      expect(data.equilibrado).toBe(false);
      expect(data.sistema.tienda).toBe(7);
    } finally {
      await t.database.db
        .update(accounts)
        .set({ balance: sql`${accounts.balance} - 7` })
        .where(tienda);
    }
    expect((await report()).data.equilibrado).toBe(true);
  });
});
