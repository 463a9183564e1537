/**
 * Disputes on custody (issue 19 part 2): a party opens one and the custody stops (no timer, the code
 * and the cancel answer 409), both parties are told; the admin's desk shows the custody, both parties,
 * the evidence and their chat, and resolves it once (refund or release), logged, both told with the
 * note. Every new route refuses outsiders (404), non-admins on the desk (403) and visitors (401).
 */
import { CUSTODY_DISPUTED_MSG } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { listTimers } from "../deals/index.ts";
import { PRICE, quietPool } from "./custody.testkit.ts";
import { ADMINS, disputeKit, pngDataUrl } from "./disputes.testkit.ts";

let t: TestContext;
const k = disputeKit(() => t);
beforeAll(async () => {
  t = await createTestApp({ adminEmails: ADMINS });
  quietPool(t.database);
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

async function expectBalanced() {
  const inv = await k.invariants();
  expect(inv.problems).toEqual([]);
  expect(inv.escrowMatches, JSON.stringify(inv.escrow)).toBe(true);
}

async function chat(a: TestUser, b: TestUser, assetId: string, lines: [TestUser, string][]) {
  const started = json(await k.req("POST", a, "/api/chat/iniciar", { activoId: assetId, receptorId: b.id }));
  const chatId = started.data._id as string;
  for (const [who, texto] of lines) {
    const r = await k.req("POST", who, "/api/chat/enviar", { chatId, texto });
    expect(r.statusCode, r.body).toBe(200);
  }
}

describe("opening a dispute", () => {
  it("the buyer opens one: the custody waits for the desk, its timer stops, code and cancel answer 409, both are told", async () => {
    const s = await k.sale();
    const photo = await pngDataUrl();
    const r = await k.open(s.buyer, s.custodyId, { motivo: "danado", imagenes: [photo, photo] });
    expect(r.statusCode, r.body).toBe(201);
    expect(json(r).custodia).toMatchObject({ _id: s.custodyId, estado: "en_disputa", fechaLimite: null });
    expect(json(r).message).toMatch(/Abriste una disputa/);

    // The expiry timer was cancelled; 8 days later nothing fires and the payment stays in escrow.
    const timers = await listTimers(t.database.db, s.custodyId);
    expect(timers.filter((x) => x.status === "pendiente")).toEqual([]);
    await t.app.deals.fireDueTimers(t.database.db, new Date(t.clock.now().getTime() + 8 * DAY));
    expect((await k.custodies(s.buyer)).find((c) => c._id === s.custodyId)?.estado).toBe("en_disputa");
    expect(await k.balance(s.buyer)).toEqual({ disponibles: 2000 - PRICE, bloqueados: 0 });

    // The seller no longer sees the code; the code and the cancel answer 409 with the message.
    const sellerView = (await k.custodies(s.seller)).find((c) => c._id === s.custodyId);
    expect(sellerView.codigoConfirmacion).toBeUndefined();
    const conf = await k.confirm(s.buyer, s.code);
    expect(conf.statusCode).toBe(409);
    expect(json(conf).message).toBe(CUSTODY_DISPUTED_MSG);
    const canc = await k.cancel(s.seller, s.custodyId);
    expect(canc.statusCode).toBe(409);
    expect(json(canc).message).toBe(CUSTODY_DISPUTED_MSG);
    // A second dispute, by either party, is refused too.
    for (const u of [s.seller, s.buyer]) {
      const again = await k.open(u, s.custodyId);
      expect(again.statusCode).toBe(409);
      expect(json(again).message).toBe(CUSTODY_DISPUTED_MSG);
    }

    // Both parties are told, and the notification leads to /custodia.
    for (const u of [s.seller, s.buyer]) {
      const told = (await k.notes(u)).filter(
        (n) => n.titulo === "Custodia en disputa" && n.relacionadoId === s.custodyId,
      );
      expect(told).toHaveLength(1);
      expect(told[0]?.descripcion).toMatch(/disputa sobre "Bicicleta \d+" \(Llegó dañado\)/);
      expect(told[0]?.enlace).toBe("/custodia");
    }
    await expectBalanced();
  });

  it("the seller may open one too; a confirmed custody cannot be disputed", async () => {
    const s = await k.sale();
    const r = await k.open(s.seller, s.custodyId, { motivo: "no_entregado", descripcion: "Entregué y no confirma." });
    expect(r.statusCode, r.body).toBe(201);
    const other = await k.sale();
    expect((await k.confirm(other.buyer, other.code)).statusCode).toBe(200);
    const late = await k.open(other.buyer, other.custodyId);
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toBe("Solo puedes abrir una disputa sobre una custodia pendiente");
  });

  it("bad input is a 400 in Spanish with nothing written", async () => {
    const s = await k.sale();
    const photo = await pngDataUrl();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ motivo: "aburrido" }, /motivo de la disputa/],
      [{ descripcion: "corto" }, /al menos 10 caracteres/],
      [{ imagenes: Array.from({ length: 6 }, () => photo) }, /hasta 5 fotos/],
      [{ imagenes: ["data:image/png;base64,AAAA"] }, /dañada|no es válida/],
      [{ imagenes: ["https://example.com/x.png"] }, /JPG, PNG, WEBP o GIF/],
    ];
    for (const [body, message] of cases) {
      const r = await k.open(s.buyer, s.custodyId, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(r).message).toMatch(message);
    }
    expect((await k.custodies(s.buyer)).find((c) => c._id === s.custodyId)?.estado).toBe("pendiente");
  });
});

describe("the admin's desk", () => {
  it("lists the dispute with the custody, both parties, the evidence and their chat; refund: once, logged, both told with the note", async () => {
    const s = await k.sale();
    await chat(s.buyer, s.seller, s.asset._id, [
      [s.buyer, "¿La pantalla está bien?"],
      [s.seller, "Sí, perfecta"],
    ]);
    const admin = await k.admin();
    expect((await k.open(s.buyer, s.custodyId, { imagenes: [await pngDataUrl()] })).statusCode).toBe(201);
    const id = await k.disputeOf(s.custodyId);
    const d = (await k.desk(admin)).find((x) => x._id === id);
    expect(d).toMatchObject({
      estado: "abierta",
      motivo: "danado",
      abiertaPor: { _id: s.buyer.id, rol: "receptor" },
      custodia: { _id: s.custodyId, estado: "en_disputa", pagoCreditos: PRICE, activo: { _id: s.asset._id } },
      oferente: { _id: s.seller.id },
      receptor: { _id: s.buyer.id },
      imagenes: [`/api/admin/disputas/${id}/imagenes/1`],
      resultado: null,
    });
    expect(d.chat.map((m: { de: string; texto: string }) => [m.de, m.texto])).toEqual([
      [s.buyer.id, "¿La pantalla está bien?"],
      [s.seller.id, "Sí, perfecta"],
    ]);
    const img = await k.req("GET", admin, `/api/admin/disputas/${id}/imagenes/1`);
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/webp");
    expect(img.headers["cache-control"]).toBe("private, no-store");
    expect((await k.req("GET", admin, `/api/admin/disputas/${id}/imagenes/2`)).statusCode).toBe(404);

    const r = await k.resolve(admin, id, { resultado: "reembolsar", nota: "Las fotos muestran el daño." });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r).data).toMatchObject({
      estado: "resuelta",
      resultado: "reembolsar",
      custodia: { estado: "cancelada" },
    });
    expect(await k.balance(s.buyer)).toEqual({ disponibles: 2000, bloqueados: 0 });
    expect(await k.balance(s.seller)).toEqual({ disponibles: 0, bloqueados: PRICE });
    const asset = await k.asset(s.seller, s.asset._id);
    expect(asset.status).toBe("disponible");
    expect(asset.userId._id).toBe(s.seller.id);
    expect(await k.logEntries(id)).toBe(1);
    for (const u of [s.seller, s.buyer]) {
      const told = (await k.notes(u)).filter((n) => n.titulo === "Disputa resuelta: reembolso");
      expect(told).toHaveLength(1);
      expect(told[0]?.descripcion).toMatch(/Nota del equipo: Las fotos muestran el daño\./);
    }
    expect((await k.desk(admin)).some((x) => x._id === id)).toBe(false);
    expect((await k.desk(admin, "resuelta")).find((x) => x._id === id)?.nota).toBe("Las fotos muestran el daño.");
    const again = await k.resolve(admin, id, { resultado: "liberar", nota: "Otra vez" });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe("Esta disputa ya fue resuelta");
    await expectBalanced();
  });

  it("release: the seller is paid and their asset's credits released, the asset goes to the buyer", async () => {
    const s = await k.sale();
    const admin = await k.admin();
    expect(
      (await k.open(s.seller, s.custodyId, { motivo: "otro", descripcion: "Recibió y no confirma." })).statusCode,
    ).toBe(201);
    const id = await k.disputeOf(s.custodyId);
    const r = await k.resolve(admin, id, { resultado: "liberar", nota: "El chat confirma la entrega." });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r).data.custodia.estado).toBe("confirmada");
    expect(await k.balance(s.seller)).toEqual({ disponibles: 2 * PRICE, bloqueados: 0 });
    expect(await k.balance(s.buyer)).toEqual({ disponibles: 2000 - PRICE, bloqueados: 0 });
    expect(await k.asset(s.buyer, s.asset._id)).toMatchObject({ status: "disponible", privacy: "privado" });
    expect((await k.asset(s.buyer, s.asset._id)).userId._id).toBe(s.buyer.id);
    for (const u of [s.seller, s.buyer]) {
      const told = (await k.notes(u)).filter((n) => n.titulo === "Disputa resuelta: pago liberado");
      expect(told[0]?.descripcion).toMatch(/Nota del equipo: El chat confirma la entrega\./);
    }
    expect(await k.logEntries(id)).toBe(1);
    await expectBalanced();
  });
});

describe("who may call what (IDOR)", () => {
  it("outsider 404 on opening; member 403 on the desk; visitor 401 everywhere; a party-admin may not resolve", async () => {
    const s = await k.sale();
    const [outsider] = (await k.users(1)) as [TestUser];
    const out = await k.open(outsider, s.custodyId);
    expect(out.statusCode).toBe(404);
    expect(json(out).message).toBe("Custodia no encontrada");
    expect((await k.open(null, s.custodyId)).statusCode).toBe(401);
    expect((await k.open(s.buyer, s.custodyId)).statusCode).toBe(201);
    const id = await k.disputeOf(s.custodyId);
    const nota = { resultado: "liberar", nota: "Me lo quedo yo" };
    for (const u of [outsider, s.buyer, s.seller]) {
      expect((await k.req("GET", u, "/api/admin/disputas")).statusCode).toBe(403);
      expect((await k.req("GET", u, `/api/admin/disputas/${id}/imagenes/1`)).statusCode).toBe(403);
      expect((await k.resolve(u, id, nota)).statusCode).toBe(403);
    }
    expect((await k.req("GET", null, "/api/admin/disputas")).statusCode).toBe(401);
    expect((await k.req("GET", null, `/api/admin/disputas/${id}/imagenes/1`)).statusCode).toBe(401);
    expect((await k.resolve(null, id, nota)).statusCode).toBe(401);
    const admin = await k.admin();
    expect((await k.resolve(admin, "00000000-0000-4000-8000-000000000000", nota)).statusCode).toBe(404);
    expect((await k.resolve(admin, "no-es-id", nota)).statusCode).toBe(400);
    expect((await k.resolve(admin, id, { resultado: "liberar", nota: "" })).statusCode).toBe(400);
    expect(await k.logEntries(id)).toBe(0);
    expect((await k.custodies(s.buyer)).find((c) => c._id === s.custodyId)?.estado).toBe("en_disputa");

    // An admin who is a party of the custody cannot decide it.
    const admin2 = await k.admin(1);
    await k.fund(admin2, 2000);
    const asset = await k.listFor(s.seller, { title: "Lámpara" });
    const bought = json(await k.buy(admin2, asset._id, s.seller.id)).custodia._id as string;
    expect((await k.open(admin2, bought)).statusCode).toBe(201);
    const own = await k.resolve(admin2, await k.disputeOf(bought), { resultado: "reembolsar", nota: "Devuélvanme" });
    expect(own.statusCode).toBe(403);
    expect(json(own).message).toBe("No puedes resolver una disputa en la que participas");
  });
});
