/**
 * Reports and moderation (issue 19 part 3): a person reports a listing, a person or a chat message;
 * an admin sees the report with its target, hides the listing (gone from the feed, search and detail
 * for everyone but its owner, who sees why) or suspends the account (sign-in 403 'suspendida', the
 * session ends at once, listings hidden, open deals on the desk). Both reversible, every decision logged.
 */
import type { AdminLogEntry, AdminReport } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, PRICE } from "../custody/custody.testkit.ts";

let t: TestContext;
const k = kit(() => t);
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, { email: "admin@valoriza.test", name: "Ana", apellido: "Admin" });
});
afterAll(() => t.close());

const RESTRICTED = "Acceso restringido: Esta función está temporalmente disponible solo para administradores.";
const NOBODY = "01890000-0000-7000-8000-000000000000";
const post = (u: TestUser | null, url: string, payload?: unknown) => k.req("POST", u, url, payload ?? {});
const get = (u: TestUser | null, url: string) => k.req("GET", u, url);

async function logCount(): Promise<number> {
  return json(await get(admin, "/api/admin/registro")).total as number;
}
async function feedIds(u: TestUser | null, q = ""): Promise<string[]> {
  const r = await get(u, `/api/assets?limit=100${q ? `&q=${encodeURIComponent(q)}` : ""}`);
  expect(r.statusCode).toBe(200);
  return json(r).data.map((a: { _id: string }) => a._id);
}
async function chatMessage(from: TestUser, to: TestUser, assetId: string, texto: string) {
  const chat = json(await post(from, "/api/chat/iniciar", { activoId: assetId, receptorId: to.id })).data;
  const sent = json(await post(from, "/api/chat/enviar", { chatId: chat._id, texto })).data;
  return String(sent.mensajes.at(-1)._id);
}

describe("who may call what (IDOR)", () => {
  it("a visitor gets 401 everywhere, a member 403 on every admin call, an unknown target 404; nothing changes", async () => {
    const [owner, member] = await k.users(2);
    const asset = await k.listFor(owner!);
    const report = json(
      await post(member!, "/api/reportes", { tipo: "activo", objetivoId: asset._id, motivo: "fraude" }),
    );
    const reportId = report.data._id as string;
    const before = {
      reports: json(await get(admin, "/api/admin/reportes")).data,
      moderation: json(await get(admin, "/api/admin/moderacion")).data,
      log: await logCount(),
    };
    const motivo = { motivo: "Prueba" };
    const admins: [string, string, unknown?][] = [
      ["GET", "/api/admin/reportes"],
      ["GET", "/api/admin/moderacion"],
      ["POST", `/api/admin/activos/${asset._id}/ocultar`, motivo],
      ["POST", `/api/admin/activos/${asset._id}/mostrar`, motivo],
      ["POST", `/api/admin/usuarios/${owner!.id}/suspender`, motivo],
      ["POST", `/api/admin/usuarios/${owner!.id}/reactivar`, motivo],
      ["POST", `/api/admin/reportes/${reportId}/cerrar`, motivo],
    ];
    for (const [method, url, body] of admins) {
      const r = await k.req(method as "GET", member!, url, body);
      expect(r.statusCode, `${method} ${url}`).toBe(403);
      expect(json(r).message).toBe(RESTRICTED);
      expect((await k.req(method as "GET", null, url, body)).statusCode, `${method} ${url} sin sesión`).toBe(401);
    }
    const anon = await post(null, "/api/reportes", { tipo: "activo", objetivoId: asset._id, motivo: "spam" });
    expect(anon.statusCode).toBe(401);

    // Unknown targets: 404 with a Spanish message, for people and for the admin.
    for (const [tipo, objetivoId, message] of [
      ["activo", NOBODY, "Activo no encontrado"],
      ["usuario", NOBODY, "Usuario no encontrado"],
      ["mensaje", "987654321", "Mensaje no encontrado"],
    ] as const) {
      const r = await post(member!, "/api/reportes", { tipo, objetivoId, motivo: "spam" });
      expect(r.statusCode, tipo).toBe(404);
      expect(json(r).message).toBe(message);
    }
    for (const url of [
      `/api/admin/activos/${NOBODY}/ocultar`,
      `/api/admin/activos/${NOBODY}/mostrar`,
      `/api/admin/usuarios/${NOBODY}/suspender`,
      `/api/admin/usuarios/${NOBODY}/reactivar`,
      `/api/admin/reportes/${NOBODY}/cerrar`,
    ]) {
      expect((await post(admin, url, motivo)).statusCode, url).toBe(404);
    }
    // A malformed id is a 400, never a 404; a decision needs its reason.
    expect((await post(admin, "/api/admin/activos/no-es-un-id/ocultar", motivo)).statusCode).toBe(400);
    const noReason = await post(admin, `/api/admin/activos/${asset._id}/ocultar`, { motivo: "   " });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).message).toBe("Escribe el motivo de la decisión");

    expect(json(await get(admin, "/api/admin/reportes")).data).toEqual(before.reports);
    expect(json(await get(admin, "/api/admin/moderacion")).data).toEqual(before.moderation);
    expect(await logCount()).toBe(before.log);
    expect((await get(null, `/api/activos/${asset._id}`)).statusCode).toBe(200);
    expect(
      (await post(owner!, "/api/users/login", { email: owner!.email, password: owner!.password })).statusCode,
    ).toBe(200);
  });
});

describe("reporting", () => {
  it("refuses one's own things, a chat one is not in and a repeat; the desk shows each target with its count", async () => {
    const [owner, a, b, outsider] = await k.users(4);
    const asset = await k.listFor(owner!, { title: "Consola de juegos" });
    const msg = await chatMessage(owner!, a!, asset._id, "Págame por fuera de la plataforma y te doy descuento");

    const own = await post(owner!, "/api/reportes", { tipo: "activo", objetivoId: asset._id, motivo: "fraude" });
    expect([own.statusCode, json(own).message]).toEqual([400, "No puedes reportar tu propia publicación"]);
    const self = await post(a!, "/api/reportes", { tipo: "usuario", objetivoId: a!.id, motivo: "spam" });
    expect([self.statusCode, json(self).message]).toEqual([400, "No puedes reportarte a ti mismo"]);
    const ownMsg = await post(owner!, "/api/reportes", { tipo: "mensaje", objetivoId: msg, motivo: "spam" });
    expect([ownMsg.statusCode, json(ownMsg).message]).toEqual([400, "No puedes reportar tu propio mensaje"]);
    // Someone outside the conversation cannot report (nor learn of) its messages.
    const notIn = await post(outsider!, "/api/reportes", { tipo: "mensaje", objetivoId: msg, motivo: "acoso" });
    expect([notIn.statusCode, json(notIn).message]).toEqual([404, "Mensaje no encontrado"]);
    const badMotivo = await post(a!, "/api/reportes", { tipo: "activo", objetivoId: asset._id, motivo: "otra_cosa" });
    expect([badMotivo.statusCode, json(badMotivo).message]).toEqual([400, "Elige el motivo del reporte"]);
    const long = await post(a!, "/api/reportes", {
      tipo: "activo",
      objetivoId: asset._id,
      motivo: "otro",
      descripcion: "x".repeat(1001),
    });
    expect([long.statusCode, json(long).message]).toEqual([400, "La descripción puede tener hasta 1000 caracteres"]);

    const first = await post(a!, "/api/reportes", {
      tipo: "activo",
      objetivoId: asset._id,
      motivo: "fraude",
      descripcion: "Pide el pago por fuera",
    });
    expect(first.statusCode).toBe(201);
    expect(json(first).message).toBe("Gracias, revisaremos tu reporte.");
    const again = await post(a!, "/api/reportes", { tipo: "activo", objetivoId: asset._id, motivo: "spam" });
    expect([again.statusCode, json(again).message]).toEqual([
      409,
      "Ya reportaste esto y lo estamos revisando. Gracias por avisarnos.",
    ]);
    expect(
      (await post(b!, "/api/reportes", { tipo: "activo", objetivoId: asset._id, motivo: "spam" })).statusCode,
    ).toBe(201);
    expect((await post(a!, "/api/reportes", { tipo: "mensaje", objetivoId: msg, motivo: "fraude" })).statusCode).toBe(
      201,
    );
    expect(
      (await post(b!, "/api/reportes", { tipo: "usuario", objetivoId: owner!.id, motivo: "acoso" })).statusCode,
    ).toBe(201);

    const desk = json(await get(admin, "/api/admin/reportes")).data as AdminReport[];
    const about = (tipo: string, id: string) => desk.filter((r) => r.tipo === tipo && r.objetivoId === id);
    const onAsset = about("activo", asset._id);
    expect(onAsset).toHaveLength(2);
    expect(onAsset[0]).toMatchObject({
      motivo: "fraude",
      descripcion: "Pide el pago por fuera",
      estado: "abierto",
      reportante: { _id: a!.id },
      reportesDelObjetivo: 2,
      objetivo: { existe: true, titulo: "Consola de juegos", activoId: asset._id, oculto: false },
    });
    expect(onAsset[0]!.objetivo.persona).toMatchObject({ _id: owner!.id, suspendido: false });
    expect(about("mensaje", msg)[0]).toMatchObject({
      reportesDelObjetivo: 1,
      objetivo: { titulo: "Págame por fuera de la plataforma y te doy descuento", persona: { _id: owner!.id } },
    });
    expect(about("usuario", owner!.id)[0]!.objetivo.persona?._id).toBe(owner!.id);

    // Closing a report takes it off the desk, is logged, and cannot happen twice.
    const log = await logCount();
    const id = onAsset[0]!._id as string;
    const closed = await post(admin, `/api/admin/reportes/${id}/cerrar`, { motivo: "Revisado: sin infracción" });
    expect(closed.statusCode).toBe(200);
    expect((await post(admin, `/api/admin/reportes/${id}/cerrar`, { motivo: "otra vez" })).statusCode).toBe(409);
    expect(await logCount()).toBe(log + 1);
    const left = (json(await get(admin, "/api/admin/reportes")).data as { _id: string }[]).map((r) => r._id);
    expect(left).not.toContain(id);
    // Once closed, the same person may report it again.
    expect(
      (await post(a!, "/api/reportes", { tipo: "activo", objetivoId: asset._id, motivo: "spam" })).statusCode,
    ).toBe(201);
  });
});

describe("hiding a listing", () => {
  it("gone from the feed, search and detail for others (404), visible with the reason to its owner; showing restores", async () => {
    const [owner, other] = await k.users(2);
    const asset = await k.listFor(owner!, { title: "Reloj Zafiro Único" });
    expect(await feedIds(null)).toContain(asset._id);
    expect((await post(other!, `/api/favoritos/${asset._id}`)).statusCode).toBe(200);
    const log = await logCount();

    const hid = await post(admin, `/api/admin/activos/${asset._id}/ocultar`, { motivo: "Fotos de otra persona" });
    expect(hid.statusCode).toBe(200);
    expect(json(hid).data).toEqual({ activoId: asset._id, oculto: true, motivo: "Fotos de otra persona" });
    expect((await post(admin, `/api/admin/activos/${asset._id}/ocultar`, { motivo: "otra vez" })).statusCode).toBe(409);

    for (const who of [null, other!]) {
      expect(await feedIds(who)).not.toContain(asset._id);
      expect(await feedIds(who, "zafiro")).not.toContain(asset._id);
      const detail = await get(who, `/api/activos/${asset._id}`);
      expect([detail.statusCode, json(detail).message]).toEqual([404, "Activo no encontrado"]);
      const theirs = json(await get(who, `/api/assets/user/${owner!.id}`)).data as { _id: string }[];
      expect(theirs.map((a) => a._id)).not.toContain(asset._id);
    }
    // Nobody can start a deal about it while hidden (a page left open still has its 'Comprar').
    await k.fund(other!, PRICE);
    const buy = await k.buy(other!, asset._id, owner!.id);
    expect([buy.statusCode, json(buy).message]).toEqual([404, "Activo no encontrado"]);
    expect(await k.balance(other!)).toMatchObject({ disponibles: PRICE });
    // A favourite keeps only its title, like a withdrawn one; it cannot be added again.
    const favs = json(await get(other!, "/api/favoritos")).data as Record<string, unknown>[];
    expect(favs.find((f) => f._id === asset._id)).toMatchObject({ disponible: false, asset: null });
    expect((await post(other!, `/api/favoritos/${asset._id}`)).statusCode).toBe(404);
    const mine = json(await get(owner!, `/api/activos/${asset._id}`));
    expect(mine.data.oculto).toEqual({ motivo: "Fotos de otra persona", porSuspension: false });
    const list = json(await get(owner!, "/api/assets/mine")).data as { _id: string; oculto?: unknown }[];
    expect(list.find((a) => a._id === asset._id)?.oculto).toEqual({
      motivo: "Fotos de otra persona",
      porSuspension: false,
    });
    const overview = json(await get(admin, "/api/admin/moderacion")).data;
    expect(overview.activosOcultos.find((a: { _id: string }) => a._id === asset._id)).toMatchObject({
      title: "Reloj Zafiro Único",
      owner: { _id: owner!.id },
      motivo: "Fotos de otra persona",
    });

    const shown = await post(admin, `/api/admin/activos/${asset._id}/mostrar`, {
      motivo: "El dueño envió las fotos reales",
    });
    expect(shown.statusCode).toBe(200);
    expect((await post(admin, `/api/admin/activos/${asset._id}/mostrar`, { motivo: "otra vez" })).statusCode).toBe(409);
    expect(await feedIds(other!, "zafiro")).toContain(asset._id);
    expect((await get(null, `/api/activos/${asset._id}`)).statusCode).toBe(200);
    expect(json(await get(owner!, `/api/activos/${asset._id}`)).data.oculto).toBeUndefined();

    const entries = json(await get(admin, "/api/admin/registro?limit=2")).data as AdminLogEntry[];
    expect(await logCount()).toBe(log + 2);
    expect(entries.map((e) => [e.accion, e.objetoId, e.admin._id])).toEqual([
      ["activo_mostrado", asset._id, admin.id],
      ["activo_ocultado", asset._id, admin.id],
    ]);
    expect(entries[1]!.detalle).toContain("Fotos de otra persona");
  });
});

describe("suspending an account", () => {
  it("ends the session at once, refuses sign-in with 'suspendida', hides the listings, shows the open deals; reactivating restores", async () => {
    const [seller, buyer, other] = await k.users(3);
    const onSale = await k.listFor(seller!, { title: "Bicicleta Suspendida" });
    const alsoHidden = await k.listFor(seller!, { title: "Guitarra Oculta Aparte" });
    const quiet = await k.listFor(seller!, { title: "Lámpara Tranquila" });
    await k.fund(buyer!, PRICE);
    const bought = await k.buy(buyer!, onSale._id, seller!.id);
    expect(bought.statusCode, bought.body).toBe(201);
    await post(admin, `/api/admin/activos/${alsoHidden._id}/ocultar`, { motivo: "Precio engañoso" });
    expect((await get(seller!, "/api/profile")).statusCode).toBe(200);

    const self = await post(admin, `/api/admin/usuarios/${admin.id}/suspender`, { motivo: "Prueba" });
    expect([self.statusCode, json(self).message]).toEqual([400, "No puedes suspender tu propia cuenta"]);

    const log = await logCount();
    const r = await post(admin, `/api/admin/usuarios/${seller!.id}/suspender`, { motivo: "Ventas falsas reportadas" });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r).data).toMatchObject({ usuarioId: seller!.id, suspendido: true, motivo: "Ventas falsas reportadas" });
    const deals = json(r).data.operacionesAbiertas as Record<string, unknown>[];
    expect(deals).toHaveLength(1);
    expect(deals[0]).toMatchObject({ proceso: "custodia", activoId: onSale._id, activoTitulo: "Bicicleta Suspendida" });
    expect((await post(admin, `/api/admin/usuarios/${seller!.id}/suspender`, { motivo: "otra vez" })).statusCode).toBe(
      409,
    );

    // The session that worked a moment ago: refused on the very next request.
    expect((await get(seller!, "/api/profile")).statusCode).toBe(401);
    const login = await post(null, "/api/users/login", { email: seller!.email, password: seller!.password });
    expect(login.statusCode).toBe(403);
    expect(json(login).message).toBe(
      "Tu cuenta está suspendida: Ventas falsas reportadas. Escríbenos a soporte si crees que es un error.",
    );
    expect(json(login).message).toContain("suspendida");
    // A wrong password says nothing about the suspension.
    const wrong = await post(null, "/api/users/login", { email: seller!.email, password: "no-es-la-clave" });
    expect(wrong.statusCode).toBe(401);

    // Listings: gone for others, the buyer's deal stays on the desk.
    for (const a of [onSale, alsoHidden, quiet]) {
      expect(await feedIds(other!)).not.toContain(a._id);
      expect((await get(other!, `/api/activos/${a._id}`)).statusCode).toBe(404);
    }
    expect((json(await get(null, `/api/assets/user/${seller!.id}`)).data as unknown[]).length).toBe(0);
    const adminView = json(await get(admin, `/api/activos/${quiet._id}`)).data;
    expect(adminView.oculto).toEqual({ motivo: "tu cuenta está suspendida", porSuspension: true });
    const overview = json(await get(admin, "/api/admin/moderacion")).data;
    const listed = overview.usuariosSuspendidos.find((u: { _id: string }) => u._id === seller!.id);
    expect(listed).toMatchObject({ motivo: "Ventas falsas reportadas" });
    expect(listed.operacionesAbiertas.map((d: { _id: string }) => d._id)).toEqual(deals.map((d) => d._id));

    const back = await post(admin, `/api/admin/usuarios/${seller!.id}/reactivar`, { motivo: "Aclaró las ventas" });
    expect(back.statusCode).toBe(200);
    expect(json(back).data).toMatchObject({ suspendido: false, motivo: null });
    expect((await post(admin, `/api/admin/usuarios/${seller!.id}/reactivar`, { motivo: "otra vez" })).statusCode).toBe(
      409,
    );
    // The old session stays ended; signing in works again.
    expect((await get(seller!, "/api/profile")).statusCode).toBe(401);
    const again = await post(null, "/api/users/login", { email: seller!.email, password: seller!.password });
    expect(again.statusCode).toBe(200);
    // Listings back, except the one hidden on its own.
    const feed = await feedIds(other!);
    expect(feed).toContain(quiet._id);
    expect(feed).not.toContain(alsoHidden._id);
    expect((await get(other!, `/api/activos/${quiet._id}`)).statusCode).toBe(200);
    expect((await get(other!, `/api/activos/${alsoHidden._id}`)).statusCode).toBe(404);

    const entries = json(await get(admin, "/api/admin/registro?limit=2")).data as AdminLogEntry[];
    expect(await logCount()).toBe(log + 2);
    expect(entries.map((e) => [e.accion, e.objetoId])).toEqual([
      ["usuario_reactivado", seller!.id],
      ["usuario_suspendido", seller!.id],
    ]);
    const stored = await t.database.db.execute(sql`select suspended_at from users where id = ${seller!.id}::uuid`);
    expect((stored as unknown as { rows: { suspended_at: unknown }[] }).rows[0]?.suspended_at).toBeNull();
  });
});
