/**
 * Blocks (issue 19 part 4): POST/DELETE /api/bloqueos/{userId} and GET /api/bloqueos: who may call,
 * repeats, and nobody else's list (IDOR). Where a block holds: blocks.meetings.test.ts.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { quietPool } from "../custody/custody.testkit.ts";
import { exchangeKit } from "../exchanges/exchanges.testkit.ts";

let t: TestContext;
const k = exchangeKit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "DELETE", url: string, u?: TestUser) =>
  t.app.inject({ method, url, headers: u ? u.auth : {} });
const blockedIds = async (u: TestUser) => {
  const res = await call("GET", "/api/bloqueos", u);
  expect(res.statusCode).toBe(200);
  return (json(res).data as { _id: string }[]).map((b) => b._id);
};
const UNKNOWN = "0190a4b2-0000-7000-8000-000000000000";

describe("blocks: who may call", () => {
  it("401 signed out, for every call", async () => {
    for (const [m, url] of [
      ["GET", "/api/bloqueos"],
      ["POST", `/api/bloqueos/${UNKNOWN}`],
      ["DELETE", `/api/bloqueos/${UNKNOWN}`],
    ] as const) {
      const res = await call(m, url);
      expect(res.statusCode).toBe(401);
      expect(json(res).success).toBe(false);
    }
  });

  it("400 for a bad id or oneself, 404 for an unknown person", async () => {
    const [ana] = (await k.users(1)) as [TestUser];
    const bad = await call("POST", "/api/bloqueos/nope", ana);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/El identificador de la persona no es válido/);
    for (const m of ["POST", "DELETE"] as const) {
      const self = await call(m, `/api/bloqueos/${ana.id}`, ana);
      expect(self.statusCode).toBe(400);
      expect(json(self).message).toBe("No puedes bloquearte a ti mismo");
      const unknown = await call(m, `/api/bloqueos/${UNKNOWN}`, ana);
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown).message).toBe("Usuario no encontrado");
    }
    expect(await blockedIds(ana)).toEqual([]);
  });
});

describe("blocks: block, list, unblock", () => {
  it("blocking twice keeps one block; unblocking twice is fine; the answers say what changed", async () => {
    const [ana, beto, caro] = (await k.users(3)) as [TestUser, TestUser, TestUser];
    const first = await call("POST", `/api/bloqueos/${beto.id}`, ana);
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({
      success: true,
      message: "Bloqueaste a esta persona",
      data: { userId: beto.id, bloqueado: true, cambio: true },
    });
    const again = await call("POST", `/api/bloqueos/${beto.id}`, ana);
    expect(again.statusCode).toBe(200);
    expect(json(again)).toMatchObject({
      message: "Ya tenías bloqueada a esta persona",
      data: { bloqueado: true, cambio: false },
    });
    t.clock.advance(1000);
    expect((await call("POST", `/api/bloqueos/${caro.id}`, ana)).statusCode).toBe(200);
    const list = json(await call("GET", "/api/bloqueos", ana));
    expect(list.total).toBe(2);
    expect(list.data[0]).toEqual({
      _id: caro.id,
      name: "U2",
      apellido: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(list.data.map((b: { _id: string }) => b._id)).toEqual([caro.id, beto.id]);

    const off = await call("DELETE", `/api/bloqueos/${caro.id}`, ana);
    expect(json(off)).toMatchObject({
      message: "Desbloqueaste a esta persona",
      data: { bloqueado: false, cambio: true },
    });
    const offAgain = await call("DELETE", `/api/bloqueos/${caro.id}`, ana);
    expect(offAgain.statusCode).toBe(200);
    expect(json(offAgain)).toMatchObject({ message: "No tenías bloqueada a esta persona", data: { cambio: false } });
    expect(await blockedIds(ana)).toEqual([beto.id]);
  });

  it("one person's blocks are never another's to read or change (IDOR)", async () => {
    const [ana, beto, caro] = (await k.users(3)) as [TestUser, TestUser, TestUser];
    expect((await call("POST", `/api/bloqueos/${beto.id}`, ana)).statusCode).toBe(200);
    // Nobody else sees Ana's list: the list is always the caller's, whatever the query says.
    expect(await blockedIds(caro)).toEqual([]);
    expect(await blockedIds(beto)).toEqual([]);
    const sneaky = await t.app.inject({ method: "GET", url: `/api/bloqueos?userId=${ana.id}`, headers: caro.auth });
    expect(json(sneaky).data).toEqual([]);
    // Beto cannot lift Ana's block on him; Caro cannot either: they only touch their own (empty) lists.
    const lift = await call("DELETE", `/api/bloqueos/${beto.id}`, beto);
    expect(lift.statusCode).toBe(400);
    for (const [u, target] of [
      [beto, ana],
      [caro, beto],
    ] as const) {
      const res = await call("DELETE", `/api/bloqueos/${target.id}`, u);
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toMatchObject({ bloqueado: false, cambio: false });
    }
    expect(await blockedIds(ana)).toEqual([beto.id]);
    // Caro blocking Beto adds to Caro's list only.
    expect((await call("POST", `/api/bloqueos/${beto.id}`, caro)).statusCode).toBe(200);
    expect(await blockedIds(caro)).toEqual([beto.id]);
    expect(await blockedIds(ana)).toEqual([beto.id]);
  });

  it("a deleted account cannot be blocked (404) and leaves the list", async () => {
    const [ana] = (await k.users(1)) as [TestUser];
    const gone = await signUp(t.app);
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${gone.id}::uuid`);
    expect((await call("POST", `/api/bloqueos/${gone.id}`, ana)).statusCode).toBe(404);
    // Blocked before the deletion: the erased account leaves the list.
    const later = await signUp(t.app);
    expect((await call("POST", `/api/bloqueos/${later.id}`, ana)).statusCode).toBe(200);
    expect(await blockedIds(ana)).toEqual([later.id]);
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${later.id}::uuid`);
    expect(await blockedIds(ana)).toEqual([]);
  });
});
