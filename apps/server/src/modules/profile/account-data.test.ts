import { TERMINOS_VERSION } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser, uniqueEmail } from "../../test/harness.ts";
import { kit } from "../custody/custody.testkit.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const k = kit(() => t);
const get = (u: TestUser | null, url: string) => t.app.inject({ method: "GET", url, headers: u?.auth ?? {} });
const post = (u: TestUser | null, url: string, payload: object) =>
  t.app.inject({ method: "POST", url, payload, headers: u?.auth ?? {} });
const del = (u: TestUser | null, payload: object) =>
  t.app.inject({ method: "DELETE", url: "/api/profile", payload, headers: u?.auth ?? {} });

async function chatAbout(from: TestUser, to: TestUser, assetId: string, texto: string) {
  const started = await post(from, "/api/chat/iniciar", { activoId: assetId, receptorId: to.id });
  expect(started.statusCode, started.body).toBeLessThan(300);
  const chatId = json(started).data._id as string;
  const sent = await post(from, "/api/chat/enviar", { chatId, texto });
  expect(sent.statusCode, sent.body).toBe(200);
  return chatId;
}

async function report() {
  const r = await get(null, "/api/economia/reporte");
  expect(r.statusCode, r.body).toBe(200);
  return json(r).data;
}

describe("consent (POST /api/profile/consentimiento, GET /api/profile)", () => {
  it("is null for an API sign-up without aceptaTerminos, recorded with version and date when accepted", async () => {
    const u = await signUp(t.app);
    const before = await get(u, "/api/profile");
    expect(json(before).data.consentimiento).toBeNull();

    const old = await post(u, "/api/profile/consentimiento", { version: "2020-01-01" });
    expect(old.statusCode).toBe(400);
    expect(json(old).message).toMatch(/versión vigente/);

    const res = await post(u, "/api/profile/consentimiento", { version: TERMINOS_VERSION });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ success: true, data: { version: TERMINOS_VERSION, fecha: expect.any(String) } });
    const fecha = json(res).data.fecha as string;
    expect(Math.abs(Date.parse(fecha) - t.clock.now().getTime())).toBeLessThan(5000);

    const after = await get(u, "/api/profile");
    expect(json(after).data.consentimiento).toEqual({ version: TERMINOS_VERSION, fecha });
  });

  it("needs a session", async () => {
    expect((await post(null, "/api/profile/consentimiento", { version: TERMINOS_VERSION })).statusCode).toBe(401);
  });
});

describe("GET /api/profile/exportar", () => {
  it("downloads the person's own data as a JSON attachment: no password hash, no other person's email", async () => {
    const ana = await signUp(t.app, { name: "Anabel", apellido: "Exportadora" });
    const otro = await signUp(t.app, { name: "Otoniel", apellido: "Vecino" });
    await post(ana, "/api/profile/consentimiento", { version: TERMINOS_VERSION });
    const mine = await k.listFor(ana, { title: "Bicicleta de ruta exportable" });
    const theirs = await k.listFor(otro, { title: "Guitarra del vecino" });
    await chatAbout(ana, otro, theirs._id, "Hola, ¿sigue disponible la guitarra?");
    await chatAbout(otro, ana, mine._id, "Me interesa tu bicicleta");

    const res = await get(ana, "/api/profile/exportar");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="valoriza-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const data = JSON.parse(res.body);
    expect(data.perfil).toMatchObject({ _id: ana.id, name: "Anabel", apellido: "Exportadora", email: ana.email });
    expect(data.consentimientos).toEqual([{ version: TERMINOS_VERSION, fecha: expect.any(String) }]);
    expect(data.activos.map((a: { title: string }) => a.title)).toEqual(["Bicicleta de ruta exportable"]);
    expect(data.movimientos.length).toBeGreaterThan(0);
    expect(data.transferenciasDeCreditos.length).toBeGreaterThan(0);
    expect(data.notificaciones.length).toBeGreaterThan(0);
    expect(data.chats).toHaveLength(2);
    expect(res.body).toContain("Hola, ¿sigue disponible la guitarra?");
    expect(res.body).toContain("Me interesa tu bicicleta");
    // The other person appears by id and first name only.
    expect(res.body).toContain("Otoniel");
    expect(res.body).not.toContain(otro.email);
    expect(res.body).not.toMatch(/password|contraseña|hash|argon/i);
    expect(res.body).not.toContain(ana.password);
  });

  it("needs a session", async () => {
    expect((await get(null, "/api/profile/exportar")).statusCode).toBe(401);
  });
});

describe("DELETE /api/profile", () => {
  it("answers 401 without a session and 400 for a wrong password (the account stays)", async () => {
    expect((await del(null, { password: "loquesea" })).statusCode).toBe(401);
    const u = await signUp(t.app);
    const wrong = await del(u, { password: "noEsLaMia1" });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe("La contraseña no es correcta");
    const empty = await del(u, { password: "" });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe("Escribe tu contraseña para confirmar");
    expect((await get(u, "/api/profile")).statusCode).toBe(200);
  });

  it("is refused with 409 while a deal is in progress, and nothing changes", async () => {
    const seller = await signUp(t.app, { name: "Sebastián", apellido: "Pendiente" });
    const buyer = await signUp(t.app);
    const listed = await k.listFor(seller);
    await k.fund(buyer, 2000);
    const bought = await k.buy(buyer, listed._id, seller.id);
    expect(bought.statusCode, bought.body).toBeLessThan(300);
    const profileBefore = json(await get(seller, "/api/profile")).data;
    const reportBefore = await report();

    for (const who of [seller, buyer]) {
      const res = await del(who, { password: who.password });
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res).message).toBe(
        "No puedes eliminar tu cuenta mientras tengas operaciones en curso (custodias o ventas pendientes). Termínalas o cancélalas y vuelve a intentarlo.",
      );
    }
    const profileAfter = json(await get(seller, "/api/profile")).data;
    expect(profileAfter).toEqual(profileBefore);
    expect((await k.asset(seller, listed._id)).status).not.toBe("desactivado");
    expect(await report()).toEqual(reportBefore);
    const login = await post(null, "/api/users/login", { email: seller.email, password: seller.password });
    expect(login.statusCode).toBe(200);
  });

  it("deletes: assets deactivated, credits destroyed through the ledger (report balanced), data erased, sessions and sign-in end", async () => {
    const zoe = await signUp(t.app, { name: "Zoraida", apellido: "Quinterobórrame" });
    const buyer = await signUp(t.app, { name: "Bruno" });
    // An asset never used (its credits blocked), and one sold through a custody (its credits released).
    const unused = await k.listFor(zoe, { title: "Lámpara que se desactiva" });
    const sold = await k.listFor(zoe, { title: "Cámara vendida" });
    await k.fund(buyer, 2000);
    const bought = await k.buy(buyer, sold._id, zoe.id);
    expect(bought.statusCode, bought.body).toBeLessThan(300);
    const custodyId = (await k.custodies(zoe))[0]._id as string;
    const code = await k.codeOf(zoe, custodyId);
    await chatAbout(buyer, zoe, sold._id, "Gracias por la cámara");
    expect((await k.confirm(buyer, code)).statusCode).toBe(200);
    await k.fund(zoe, 7);
    const { disponibles, bloqueados } = await k.balance(zoe);
    expect(disponibles).toBeGreaterThan(0);
    expect(bloqueados).toBeGreaterThan(0);
    const before = await report();
    expect(before.equilibrado ?? true).toBe(true);

    const res = await del(zoe, { password: zoe.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ success: true, message: "Tu cuenta fue eliminada. Tus datos personales se borraron." });

    // The economy: every credit Zoe held was destroyed, nothing else moved, the report is balanced.
    const after = await report();
    expect(after.creditosDestruidos).toBe(before.creditosDestruidos + disponibles + bloqueados);
    expect(after.creditosEmitidos).toBe(before.creditosEmitidos);
    expect(after.creditosCirculacion).toBe(before.creditosCirculacion - disponibles - bloqueados);
    const inv = await k.invariants();
    expect(inv.sumIsZero && inv.noNegative && inv.balancesMatchTransfers && inv.holdsMatchBloqueado).toBe(true);
    // Ledger rows stay.
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from transfers t join accounts a on a.id in (t.debit_account_id, t.credit_account_id) where a.user_id = ${zoe.id}`,
    );
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBeGreaterThan(0);

    // Sessions end, sign-in is refused, the email is free again.
    expect((await get(zoe, "/api/profile")).statusCode).toBe(401);
    expect((await get(zoe, "/api/profile/exportar")).statusCode).toBe(401);
    const login = await post(null, "/api/users/login", { email: zoe.email, password: zoe.password });
    expect(login.statusCode).toBe(401);
    expect((await del(zoe, { password: zoe.password })).statusCode).toBe(401);

    // Nowhere public: feed, asset detail, chat, reputation.
    const leaks = (body: string) => {
      expect(body).not.toContain("Zoraida");
      expect(body).not.toContain("Quinterobórrame");
      expect(body).not.toContain(zoe.email);
    };
    const feed = await get(null, "/api/assets");
    expect(feed.statusCode).toBe(200);
    leaks(feed.body);
    expect(feed.body).not.toContain("Lámpara que se desactiva");
    expect((await get(null, `/api/activos/${unused._id}`)).statusCode).toBe(404);
    const soldNow = await get(null, `/api/activos/${sold._id}`);
    expect(soldNow.statusCode).toBe(200);
    leaks(soldNow.body);
    const chats = await get(buyer, `/api/chat/usuario/${buyer.id}`);
    expect(chats.statusCode).toBe(200);
    leaks(chats.body);
    expect(chats.body).toContain("Cuenta eliminada");
    const reputation = await get(null, `/api/reputation/${zoe.id}`);
    leaks(reputation.body);
    const custodies = await k.custodies(buyer);
    leaks(JSON.stringify(custodies));

    const again = await post(null, "/api/users/register", {
      name: "Zoe",
      apellido: "Nueva",
      email: zoe.email,
      password: "otraClave123",
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(json(again).data._id).not.toBe(zoe.id);
  });

  it("writes nothing when a step fails (one transaction)", async () => {
    const u = await signUp(t.app, { email: uniqueEmail("rollback") });
    await k.listFor(u);
    await k.fund(u, 5);
    // Make the final step fail: another row already holds the placeholder email the deletion would use.
    await t.database.db.execute(
      sql`insert into users (id, email, password_hash, name) values (gen_random_uuid(), ${`cuenta-eliminada-${u.id}@eliminada.invalid`}, 'x', 'Ocupa')`,
    );
    const before = await report();
    const profileBefore = json(await get(u, "/api/profile")).data;
    const res = await del(u, { password: u.password });
    expect(res.statusCode).toBe(500);
    expect(await report()).toEqual(before);
    expect(json(await get(u, "/api/profile")).data).toEqual(profileBefore);
  });
});
