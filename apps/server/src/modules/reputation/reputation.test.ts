/**
 * Reputation read from the deals' outcomes (issue 18 item 2, ADR 024), through the HTTP API: the
 * figures of ADR 014 hold, and the two fixes: an admin cancelling shop purchases loses nothing, and
 * a proposer withdrawing their own exchange proposal loses nothing. The scoring itself is unit-tested
 * in packages/domain/src/reputation.
 */
import type { Reputation } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, quietPool } from "../custody/custody.testkit.ts";
import { exchangeKit } from "../exchanges/exchanges.testkit.ts";
import { marketKit } from "../marketplace/marketplace.testkit.ts";

let t: TestContext;
const k = kit(() => t);
const x = exchangeKit(() => t);
const m = marketKit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
});
afterAll(() => t.close());

async function reputation(u: TestUser): Promise<Reputation> {
  const r = await k.req("GET", null, `/api/reputation/${u.id}`);
  expect(r.statusCode, r.body).toBe(200);
  return json(r).data as Reputation;
}

async function outcomeOf(dealId: string) {
  const r = await t.database.db.execute(
    sql`select outcome, outcome_role as "role", outcome_proof as "proof", parent_id as "parent" from deals where id = ${dealId}::uuid`,
  );
  return (r as unknown as { rows: Record<string, string | null>[] }).rows[0];
}

describe("reputation from outcomes", () => {
  it("a sale handed over: +3 to both; a custody the seller cancels: -2 to the seller only", async () => {
    const [seller, buyer] = (await k.users(2)) as [TestUser, TestUser];
    await k.fund(buyer, 5000);
    const first = await k.listFor(seller, { title: "Bicicleta" });
    const sale = json(await k.buy(buyer, first._id, seller.id)).custodia;
    const ok = await k.confirm(buyer, await k.codeOf(seller, sale._id));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await outcomeOf(sale._id)).toEqual({
      outcome: "completado",
      role: "receptor",
      proof: "entrega",
      parent: null,
    });

    const second = await k.listFor(seller, { title: "Patineta" });
    const other = json(await k.buy(buyer, second._id, seller.id)).custodia;
    expect((await k.cancel(seller, other._id)).statusCode).toBe(200);
    expect(await outcomeOf(other._id)).toMatchObject({ outcome: "cancelado", role: "oferente", proof: null });

    const s = await reputation(seller);
    expect(s.partes.entregasCompletadas).toEqual({ cantidad: 1, peso: 3, puntos: 3 });
    expect(s.partes.cancelaciones).toEqual({ cantidad: 1, peso: -2, puntos: -2 });
    expect(s.reputacion).toBe(1);
    const b = await reputation(buyer);
    expect(b.partes.cancelaciones.cantidad).toBe(0);
    expect(b.reputacion).toBe(3);
  });

  it("fix: an admin cancelling shop purchases keeps their reputation (an admin is no party); the buyer too", async () => {
    const admin = await m.admin();
    const [buyer] = (await m.users(1)) as [TestUser];
    await m.fund(buyer, 1000);
    const p = await m.product({ nombre: "Bono de cine", creditos: 50, stock: 10 });
    const before = await reputation(admin);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(json(await m.buy(buyer, p._id)).data.compraId as string);
    for (const id of ids) {
      const r = await m.req("PATCH", admin, `/api/admin/compras/${id}`, { estado: "cancelado" });
      expect(r.statusCode, r.body).toBe(200);
    }
    // Recorded as cancelled by the shop's admin: no party's doing.
    expect(await outcomeOf(ids[0] as string)).toMatchObject({ outcome: "cancelado", role: "admin", proof: null });
    expect(await reputation(admin)).toEqual(before);
    expect((await reputation(admin)).partes.cancelaciones.cantidad).toBe(0);
    expect((await reputation(buyer)).reputacion).toBe(0);
  });

  it("fix: withdrawing one's own exchange proposal before an answer costs nothing; nor does a rejection", async () => {
    const [ana, beto] = (await k.users(2)) as [TestUser, TestUser];
    const mine = await x.asset(ana, { title: "Guitarra" });
    const theirs = await x.asset(beto, { title: "Teclado" });
    const p1 = json(await x.propose(ana, mine._id, theirs._id, beto.id)).data;
    const w = await x.setStatus(ana, p1._id, "cancelada");
    expect(w.statusCode, w.body).toBe(200);
    expect(await outcomeOf(p1._id)).toMatchObject({ outcome: "retirado", role: "proponente" });
    const p2 = json(await x.propose(ana, mine._id, theirs._id, beto.id)).data;
    expect((await x.setStatus(beto, p2._id, "rechazada")).statusCode).toBe(200);
    expect(await outcomeOf(p2._id)).toMatchObject({ outcome: "rechazado", role: "destinatario" });
    for (const u of [ana, beto]) {
      const r = await reputation(u);
      expect(r.reputacion).toBe(0);
      expect(r.partes.cancelaciones.cantidad).toBe(0);
    }
  });

  it("an accepted exchange counts for nobody (completed without a confirmed handover), as before", async () => {
    const [ana, beto] = (await k.users(2)) as [TestUser, TestUser];
    const mine = await x.asset(ana, { title: "Cámara" });
    const theirs = await x.asset(beto, { title: "Lente" });
    const p = json(await x.propose(ana, mine._id, theirs._id, beto.id)).data;
    expect((await x.setStatus(beto, p._id, "aceptada")).statusCode).toBe(200);
    expect(await outcomeOf(p._id)).toEqual({ outcome: "completado", role: "destinatario", proof: null, parent: null });
    expect((await reputation(ana)).reputacion).toBe(0);
    expect((await reputation(beto)).reputacion).toBe(0);
  });

  it("an unknown user is a Spanish 404; a user with no deals has every part at 0", async () => {
    const r = await k.req("GET", null, "/api/reputation/0190aaaa-0000-7000-8000-00000000dead");
    expect(r.statusCode).toBe(404);
    expect(json(r).message).toBe("Usuario no encontrado");
    const [nobody] = (await k.users(1)) as [TestUser];
    expect(await reputation(nobody)).toEqual({
      userId: nobody.id,
      reputacion: 0,
      partes: {
        prestamosDevueltos: { cantidad: 0, peso: 5, puntos: 0 },
        entregasCompletadas: { cantidad: 0, peso: 3, puntos: 0 },
        prestamosVencidos: { cantidad: 0, peso: -10, puntos: 0 },
        cancelaciones: { cantidad: 0, peso: -2, puntos: 0 },
      },
    });
  });
});
