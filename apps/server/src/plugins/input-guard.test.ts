import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser, uniqueEmail } from "../test/harness.ts";

let t: TestContext;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await signUp(t.app);
});
afterAll(() => t.close());

const countUsers = async () => {
  const r = await t.database.db.execute(sql`select count(*)::int as n from users`);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n);
};

describe("control characters never reach a service or the database (issue 6, defect 1)", () => {
  it("GET /api/assets?q=%00 answers 400 in Spanish without a session (was 500)", async () => {
    for (const q of ["%00", "abc%00def", "%1b%5b31m", "caf%C3%A9%7F"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/assets?q=${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(json(res).message).toBe(
        "La dirección o la búsqueda contiene caracteres no permitidos (caracteres de control)",
      );
    }
    // ordinary searches still work
    const ok = await t.app.inject({ method: "GET", url: "/api/assets?q=bicicleta%20roja+usada" });
    expect(ok.statusCode).toBe(200);
  });

  it("a NUL in a path parameter or another query value answers 400, never 500", async () => {
    for (const url of [
      "/api/activos/abc%00",
      `/api/assets/user/${u.id}?status=activo%00`,
      "/api/wallet/transactions/x%00?limit=1",
      "/api/actions/bienes%00",
    ]) {
      const res = await t.app.inject({ method: "GET", url, headers: u.auth });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it("sign-up with a NUL in the name answers 400 naming the field, and creates no account", async () => {
    const before = await countUsers();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { name: "Ana\u0000", apellido: "Ruiz", email: uniqueEmail(), password: "secreta123" },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe("El campo name contiene caracteres no permitidos (caracteres de control)");
    expect(await countUsers()).toBe(before);
  });

  it("every body-taking call refuses control characters in nested text with a 400", async () => {
    const calls: { method: "POST" | "PUT"; url: string; payload: object }[] = [
      { method: "POST", url: "/api/users/login", payload: { email: "a\u0000@b.co", password: "x" } },
      { method: "PUT", url: "/api/profile", payload: { description: "hola\u0000", redes: { facebook: "x" } } },
      { method: "PUT", url: "/api/profile", payload: { redes: { instagram: "\u0007bell" } } },
      {
        method: "PUT",
        url: "/api/profile/password",
        payload: { currentPassword: "secreta123\u0000", newPassword: "otra1234", confirmPassword: "otra1234" },
      },
      { method: "POST", url: "/api/assets", payload: { title: "Bici\u0000", description: "d", imagenes: [] } },
      { method: "POST", url: "/api/tiempo/registrar", payload: { titulo: "Clases\u001b[2J" } },
      { method: "POST", url: "/api/dinero/registrar", payload: { descripcion: "\u0000" } },
      { method: "POST", url: "/api/activos/liberar-creditos", payload: { activoId: "\u0000" } },
      { method: "POST", url: "/api/assets", payload: { "cla\u0000ve": "x" } },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ method: c.method, url: c.url, payload: c.payload, headers: u.auth });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(400);
      expect(json(res).message, c.url).toMatch(/contiene caracteres no permitidos/);
    }
  });

  it("tabs and line breaks in free text are still accepted", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      payload: { description: "Línea 1\nLínea 2\r\n\tcon sangría" },
      headers: u.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.description).toBe("Línea 1\nLínea 2\r\n\tcon sangría");
  });
});

describe("the session is checked before the body is read (issue 6, defect 2)", () => {
  it("no token + a body that does not even parse: 401, not a 400 listing the fields", async () => {
    for (const [method, url] of [
      ["POST", "/api/assets"],
      ["PUT", "/api/profile"],
      ["PUT", "/api/profile/password"],
      ["POST", "/api/tiempo/registrar"],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: '{"title": ',
        headers: { "content-type": "application/json" },
      });
      expect(res.statusCode, url).toBe(401);
      expect(json(res).message).toBe("Debes iniciar sesión");
    }
  });

  it("no token + a 60 MB body announced: the 401 comes back before the body is sent", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as net.AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const s = net.connect(port, "127.0.0.1");
      let data = "";
      const timer = setTimeout(() => {
        s.destroy();
        reject(new Error(`no answer before the body was sent; got: ${data.slice(0, 80)}`));
      }, 3000);
      s.on("data", (d) => {
        data += d.toString();
        if (data.includes("\r\n\r\n") && data.includes("}")) {
          clearTimeout(timer);
          s.destroy();
          resolve(data);
        }
      });
      s.on("error", reject);
      s.write(
        "POST /api/assets HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
          `Content-Length: ${60 * 1024 * 1024}\r\n\r\n{"title":"`,
      );
    });
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 401 Unauthorized");
  });

  it("a signed-in call gets a small body limit; only asset registration accepts images", async () => {
    const big = { description: "x".repeat(200 * 1024) };
    const res = await t.app.inject({ method: "PUT", url: "/api/profile", payload: big, headers: u.auth });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe("La solicitud es demasiado grande");
    // 200 KB to asset registration passes the body limit and reaches validation (400, not 413)
    const asset = await t.app.inject({
      method: "POST",
      url: "/api/assets",
      payload: { title: "x", imagenes: [`data:image/png;base64,${"A".repeat(200 * 1024)}`] },
      headers: u.auth,
    });
    expect(asset.statusCode).toBe(400);
  });
});

describe("required text made only of invisible characters (issue 6, defect 8)", () => {
  it("sign-up and profile refuse a name of zero-width spaces; the asset form refuses such a title", async () => {
    const reg = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { name: "\u200B\u200B", apellido: "Ruiz", email: uniqueEmail(), password: "secreta123" },
    });
    expect(reg.statusCode).toBe(400);
    expect(json(reg).message).toBe("El nombre es obligatorio");
    const prof = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      payload: { name: "\uFEFF " },
      headers: u.auth,
    });
    expect(prof.statusCode).toBe(400);
    expect(json(prof).message).toBe("El nombre es obligatorio");
    const me = await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth });
    expect(json(me).data.name).toBe("Laura");
  });
});

describe("an empty JSON body where a call takes none (issue 15 item 20)", () => {
  const empty = (method: "POST" | "PUT" | "PATCH", url: string) =>
    t.app.inject({ method, url, payload: "", headers: { ...u.auth, "content-type": "application/json" } });

  it("POST /marketplace/{id}/comprar and /assets/migrate-valorizacion accept it (were 400), like /wallet/sync", async () => {
    const buy = await empty("POST", "/api/marketplace/01890000-0000-7000-8000-000000000000/comprar");
    expect(buy.statusCode, buy.body).toBe(404);
    expect(json(buy).message).not.toBe("El cuerpo de la solicitud no es un JSON válido");
    const migrate = await empty("POST", "/api/assets/migrate-valorizacion");
    expect(migrate.statusCode, migrate.body).toBe(200);
    expect((await empty("POST", `/api/wallet/sync/${u.id}`)).statusCode).toBe(200);
  });

  it("every documented write without a request body accepts it; a call that needs a body still refuses it", async () => {
    const doc = json(await t.app.inject({ method: "GET", url: "/api/docs/json" }));
    const refused: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { requestBody?: unknown }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!["post", "put", "patch"].includes(method) || op.requestBody) continue;
        const url = path.replace(/\{[^}]+\}/g, (p) =>
          p === "{code}" ? "123456" : "01890000-0000-7000-8000-000000000000",
        );
        const res = await empty(method.toUpperCase() as "POST", url);
        checked++;
        if (json(res).message === "El cuerpo de la solicitud no es un JSON válido" || res.statusCode === 415)
          refused.push(`${method.toUpperCase()} ${path}: ${res.statusCode}`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(refused).toEqual([]);
    const login = await empty("POST", "/api/users/login");
    expect(login.statusCode).toBe(400);
    expect(json(login).message).toBe("El cuerpo de la solicitud no es un JSON válido");
  });
});
