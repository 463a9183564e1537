/**
 * The admin's desk (issue 11): every admin call is refused to a non-admin (403,
 * nothing changes), every admin action lands in the append-only log, and the
 * log cannot be edited.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { marketKit } from "../marketplace/marketplace.testkit.ts";

let t: TestContext;
const k = marketKit(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RESTRICTED = "Acceso restringido: Esta función está temporalmente disponible solo para administradores.";

describe("permissions", () => {
  it("every admin call answers 403 to a member and 401 to a visitor, with no change", async () => {
    const admin = await k.admin();
    await k.fund(admin, 100);
    const p = await k.product({ creditos: 10, stock: 5 });
    const [member] = (await k.users(1)) as [TestUser];
    await k.fund(member, 100);
    const compra = json(await k.buy(member, p._id)).data.compraId as string;
    const retiro = json(
      await k.req("POST", admin, "/api/retiros", { tipo: "dinero", monto: 20, metodo: "nequi", celular: "3001112222" }),
    ).data._id as string;
    const before = {
      products: json(await k.req("GET", admin, "/api/admin/marketplace")).data,
      compras: json(await k.req("GET", admin, "/api/admin/compras")).data,
      retiros: json(await k.req("GET", admin, "/api/admin/retiros")).data,
      log: json(await k.req("GET", admin, "/api/admin/registro")).total,
      member: await k.balance(member),
      admin: await k.balance(admin),
    };
    const calls: [Parameters<typeof k.req>[0], string, unknown?][] = [
      ["GET", "/api/admin/marketplace"],
      ["POST", "/api/admin/marketplace", { nombre: "X", categoria: "Y", creditos: 1 }],
      ["PUT", `/api/admin/marketplace/${p._id}`, { stock: 0 }],
      ["GET", "/api/admin/compras"],
      ["PATCH", `/api/admin/compras/${compra}`, { estado: "cancelado" }],
      ["GET", "/api/admin/retiros"],
      ["PATCH", `/api/admin/retiros/${retiro}`, { estado: "rechazado" }],
      ["GET", "/api/admin/registro"],
      ["POST", "/api/retiros", { tipo: "dinero", monto: 5, metodo: "nequi", celular: "3001112222" }],
      ["GET", "/api/retiros/mis-retiros"],
    ];
    for (const [method, url, body] of calls) {
      const r = await k.req(method, member, url, body);
      expect(r.statusCode, `${method} ${url}`).toBe(403);
      expect(json(r).message).toBe(RESTRICTED);
      expect((await k.req(method, null, url, body)).statusCode, `${method} ${url} sin sesión`).toBe(401);
    }
    expect(json(await k.req("GET", admin, "/api/admin/marketplace")).data).toEqual(before.products);
    expect(json(await k.req("GET", admin, "/api/admin/compras")).data).toEqual(before.compras);
    expect(json(await k.req("GET", admin, "/api/admin/retiros")).data).toEqual(before.retiros);
    expect(json(await k.req("GET", admin, "/api/admin/registro")).total).toBe(before.log);
    expect(await k.balance(member)).toBe(before.member);
    expect(await k.balance(admin)).toBe(before.admin);
  });
});

describe("products and the log", () => {
  it("create, edit stock/featured/image, hide; each action logged with who and what", async () => {
    const admin = await k.admin();
    const created = await k.req("POST", admin, "/api/admin/marketplace", {
      nombre: "Curso de panadería",
      categoria: "Educación",
      descripcion: "Cuatro sesiones presenciales",
      imagen: "data:image/png;base64,iVBORw0KGgo=",
      creditos: 80,
      valorCOP: 85_000,
      stock: 10,
      destacado: false,
    });
    expect(created.statusCode).toBe(201);
    const id = json(created).data._id as string;
    const edit = await k.req("PUT", admin, `/api/admin/marketplace/${id}`, { stock: 4, destacado: true });
    expect(json(edit).data).toMatchObject({ stock: 4, destacado: true, valorCOP: 85_000 });
    const badImg = await k.req("PUT", admin, `/api/admin/marketplace/${id}`, { imagen: "javascript:alert(1)" });
    expect(badImg.statusCode).toBe(400);
    const badStock = await k.req("PUT", admin, `/api/admin/marketplace/${id}`, { stock: -2 });
    expect(badStock.statusCode).toBe(400);
    expect((await k.req("PUT", admin, `/api/admin/marketplace/${id}`, {})).statusCode).toBe(400);
    // Issue 15 item 24: a name or category of invisible characters only (zero-width space, BOM) is empty.
    for (const body of [
      { nombre: "\u200B\u200B", categoria: "Educación", creditos: 5 },
      { nombre: "Taller", categoria: "\uFEFF\u200D", creditos: 5 },
    ]) {
      const invisible = await k.req("POST", admin, "/api/admin/marketplace", body);
      expect(invisible.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(invisible).message).toMatch(/^(El nombre|La categoría)/);
    }
    const renamed = await k.req("PUT", admin, `/api/admin/marketplace/${id}`, { nombre: "\u2060\u200B " });
    expect(renamed.statusCode).toBe(400);
    expect((await k.req("PUT", admin, `/api/admin/marketplace/${id}`, { oculto: true })).statusCode).toBe(200);
    const pub = json(await k.req("GET", null, "/api/marketplace")).data as { _id: string }[];
    expect(pub.map((x) => x._id)).not.toContain(id);

    const log = json(await k.req("GET", admin, "/api/admin/registro"));
    const mine = log.data.filter((e: { objetoId: string }) => e.objetoId === id);
    expect(mine.map((e: { accion: string }) => e.accion)).toEqual([
      "producto_editado",
      "producto_editado",
      "producto_creado",
    ]);
    expect(mine[2].admin.email).toBe("admin@valoriza.test");
    expect(mine[2].detalle).toContain("Curso de panadería");
  });

  it("the log is append-only in the database", async () => {
    await expect(t.database.db.execute(sql`update admin_actions set detalle = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from admin_actions`)).rejects.toThrow();
  });
});
