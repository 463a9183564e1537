import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, uniqueEmail } from "../../test/harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ loginMaxPerAccount: 5, loginMaxPerIp: 50 });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers });

describe("POST /api/users/register", () => {
  it("creates an account and answers the spec's shape with a token, never a hash", async () => {
    const email = uniqueEmail("nueva");
    const res = await post("/api/users/register", { name: "María", apellido: "López", email, password: "clave123" });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ name: "María", apellido: "López", email, isAdmin: false });
    expect(body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.token.split(".")).toHaveLength(3);
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  it("compares emails case-insensitively: the same address in capitals is taken", async () => {
    const email = uniqueEmail("caso");
    await signUp(t.app, { email });
    const res = await post("/api/users/register", {
      name: "Otra",
      apellido: "Persona",
      email: email.toUpperCase(),
      password: "clave123",
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({
      success: false,
      message: "Ya existe una cuenta con este correo electrónico",
      code: "CONFLICT",
      requestId: res.headers["x-request-id"],
    });
  });

  it("rejects a short password with the spec's Spanish message", async () => {
    const res = await post("/api/users/register", { name: "A", apellido: "B", email: uniqueEmail(), password: "123" });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe("La contraseña debe tener al menos 6 caracteres");
  });

  it("requires name and a valid email", async () => {
    const r1 = await post("/api/users/register", { apellido: "B", email: uniqueEmail(), password: "clave123" });
    expect(r1.statusCode).toBe(400);
    expect(json(r1).message).toBe("El nombre es obligatorio");
    const r2 = await post("/api/users/register", {
      name: "A",
      apellido: "B",
      email: "no-es-correo",
      password: "clave123",
    });
    expect(json(r2).message).toBe("Ingresa un correo electrónico válido");
  });

  it("makes ADMIN_EMAILS accounts admins at sign-up", async () => {
    const res = await post("/api/users/register", {
      name: "Admin",
      apellido: "Valoriza",
      email: "Admin@Valoriza.test",
      password: "clave123",
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.isAdmin).toBe(true);
  });
});

describe("POST /api/users/login", () => {
  it("signs in with any capitalisation of the email", async () => {
    const u = await signUp(t.app);
    const res = await post("/api/users/login", { email: `  ${u.email.toUpperCase()} `, password: u.password });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      _id: u.id,
      email: u.email,
      name: "Laura",
      apellido: "Ríos",
      isAdmin: false,
    });
    expect(typeof json(res).data.token).toBe("string");
  });

  it("gives a wrong password and an unknown email the same answer", async () => {
    const u = await signUp(t.app);
    const wrong = await post("/api/users/login", { email: u.email, password: "otraclave" });
    const unknown = await post("/api/users/login", { email: uniqueEmail("nadie"), password: "otraclave" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    // the same answer apart from the request's own id
    const { requestId: _a, ...w } = json(wrong);
    const { requestId: _b, ...n } = json(unknown);
    expect(w).toEqual(n);
    expect(json(wrong).message).toBe("Correo o contraseña incorrectos");
  });
  // Throttling of failed sign-ins: login-throttle.test.ts.
});

describe("sessions", () => {
  it("rejects a missing, forged or expired token with 401", async () => {
    const u = await signUp(t.app);
    expect((await t.app.inject({ method: "GET", url: "/api/profile" })).statusCode).toBe(401);
    const forged = `${u.token.slice(0, -4)}abcd`;
    const r = await t.app.inject({
      method: "GET",
      url: "/api/profile",
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(r.statusCode).toBe(401);
    expect(json(r).message).toBe("Tu sesión expiró. Inicia sesión de nuevo.");
    expect((await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth })).statusCode).toBe(200);
    t.clock.advance(8 * 24 * 3600_000);
    expect((await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth })).statusCode).toBe(401);
  });
});
