/**
 * Durable timers (deals.md "Timers", ADR 006): a pending custody past its
 * 7-day deadline is cancelled and refunded, once; after a restart too; and
 * with several engines (processes) firing at the same time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CUSTODY_EXPIRY_MS } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, PRICE, quietPool } from "../custody/custody.testkit.ts";
import { listHistory, listTimers } from "./index.ts";

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
});
afterAll(() => t.close());

const fire = (at: Date, ctx: TestContext = t) => ctx.app.deals.fireDueTimers(ctx.database.db, at);

async function pendingSale(ctx = k) {
  const [seller, buyer] = (await ctx.users(2)) as [TestUser, TestUser];
  await ctx.fund(buyer, 3000);
  const asset = await ctx.listFor(seller);
  const res = await ctx.buy(buyer, asset._id, seller.id);
  if (res.statusCode !== 201) throw new Error(res.body);
  return { seller, buyer, asset, custody: json(res).custodia as { _id: string; fechaLimite: string } };
}

describe("the custody expiry timer", () => {
  it("cancels and refunds a pending custody at its deadline, once", async () => {
    const start = t.clock.now();
    const { seller, buyer, asset, custody } = await pendingSale();
    expect(new Date(custody.fechaLimite).getTime()).toBe(start.getTime() + CUSTODY_EXPIRY_MS);
    expect(await fire(new Date(start.getTime() + CUSTODY_EXPIRY_MS - 60_000))).toBe(0);
    expect((await k.custodies(buyer))[0].estado).toBe("pendiente");

    expect(await fire(new Date(start.getTime() + CUSTODY_EXPIRY_MS + 1000))).toBe(1);
    const c = (await k.custodies(buyer))[0];
    expect(c.estado).toBe("cancelada");
    expect(await k.balance(buyer)).toEqual({ disponibles: 3000, bloqueados: 0 });
    expect(await k.balance(seller)).toEqual({ disponibles: 0, bloqueados: PRICE });
    expect((await k.asset(seller, asset._id)).status).toBe("disponible");
    const notes = json(await k.req("GET", buyer, "/api/notificaciones/usuario")).data as { titulo: string }[];
    expect(notes.map((n) => n.titulo)).toContain("Custodia vencida");
    // Again, later: nothing more.
    expect(await fire(new Date(start.getTime() + 2 * CUSTODY_EXPIRY_MS))).toBe(0);
    expect(await k.balance(buyer)).toEqual({ disponibles: 3000, bloqueados: 0 });
    const history = await listHistory(t.database.db, custody._id);
    expect(history.map((h) => [h.transition, h.actorRole])).toEqual([
      ["comprar", "receptor"],
      ["expirar", "sistema"],
    ]);
    const inv = await k.invariants();
    expect(inv.problems).toEqual([]);
    expect(inv.escrowMatches).toBe(true);
  });

  it("a confirmed or cancelled custody's timer is cancelled and never fires", async () => {
    const a = await pendingSale();
    const b = await pendingSale();
    expect((await k.confirm(a.buyer, await k.codeOf(a.seller, a.custody._id))).statusCode).toBe(200);
    expect((await k.cancel(b.seller, b.custody._id)).statusCode).toBe(200);
    for (const x of [a, b]) {
      expect((await listTimers(t.database.db, x.custody._id)).map((tm) => tm.status)).toEqual(["cancelado"]);
    }
    // Only the review round the confirmed sale opened (issue 19) fires: its reminder and its publication.
    expect(await fire(new Date(t.clock.now().getTime() + 3 * CUSTODY_EXPIRY_MS))).toBe(2);
    for (const x of [a, b]) {
      expect((await listTimers(t.database.db, x.custody._id)).map((tm) => tm.status)).toEqual(["cancelado"]);
    }
    expect(await k.balance(a.seller)).toEqual({ disponibles: 2 * PRICE, bloqueados: 0 });
    expect(await k.balance(b.buyer)).toEqual({ disponibles: 3000, bloqueados: 0 });
  });

  it("several engines firing at once fire each timer once", async () => {
    const sales = [];
    for (let i = 0; i < 6; i++) sales.push(await pendingSale());
    const second = await buildApp({
      db: t.database.db,
      clock: t.clock,
      config: { jwtSecret: "test-secret-test-secret-test-secret-0123456789", adminEmails: [], dataDir: "/tmp/vz-e-2" },
    });
    const third = await buildApp({
      db: t.database.db,
      clock: t.clock,
      config: { jwtSecret: "test-secret-test-secret-test-secret-0123456789", adminEmails: [], dataDir: "/tmp/vz-e-3" },
    });
    const at = new Date(t.clock.now().getTime() + 10 * CUSTODY_EXPIRY_MS);
    const fired = await Promise.all([
      t.app.deals.fireDueTimers(t.database.db, at),
      second.deals.fireDueTimers(t.database.db, at),
      third.deals.fireDueTimers(t.database.db, at),
    ]);
    expect(fired.reduce((s, n) => s + n, 0)).toBe(6);
    for (const s of sales) expect(await k.balance(s.buyer)).toEqual({ disponibles: 3000, bloqueados: 0 });
    await second.close();
    await third.close();
    const inv = await k.invariants();
    expect(inv.problems).toEqual([]);
    expect(inv.escrowMatches).toBe(true);
  });
});

describe("timers survive a restart", () => {
  it("a custody created before a restart expires after it, once (PGlite data directory, or a new app on PostgreSQL)", async () => {
    const pglite = !process.env.TEST_DATABASE_URL;
    const dir = mkdtempSync(path.join(tmpdir(), "vz-timers-"));
    const clock = new ManualClock(new Date());
    const config = {
      jwtSecret: "test-secret-test-secret-test-secret-0123456789",
      adminEmails: [],
      dataDir: path.join(dir, "files"),
    };
    const open = async (): Promise<TestContext> => {
      const database: Database = pglite ? await openDatabase({ dataDir: dir }) : t.database;
      if (pglite) await database.migrate();
      const app = await buildApp({ db: database.db, clock, config });
      await app.ready();
      return {
        app,
        database,
        clock,
        close: async () => {
          await app.close();
          if (pglite) await database.close();
        },
      };
    };
    let ctx = await open();
    const k2 = kit(() => ctx);
    const { buyer, custody } = await pendingSale(k2);
    await ctx.close();

    ctx = await open();
    const at = new Date(clock.now().getTime() + CUSTODY_EXPIRY_MS + 1000);
    expect(await fire(at, ctx)).toBe(1);
    await ctx.close();

    ctx = await open();
    expect(await fire(new Date(at.getTime() + CUSTODY_EXPIRY_MS), ctx)).toBe(0);
    expect(await k2.balance(buyer)).toEqual({ disponibles: 3000, bloqueados: 0 });
    expect((await k2.custodies(buyer)).find((c) => c._id === custody._id).estado).toBe("cancelada");
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
    // Three migrated PGlite openings: slow on a loaded machine.
  }, 180_000);
});
