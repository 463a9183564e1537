import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext } from "../../test/harness.ts";
import { EMAIL_LOOKUP_MAX } from "./users.service.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lookup = (email: string, token?: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/users/email/${encodeURIComponent(email)}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe("GET /api/users/email/{email}", () => {
  it("answers only the id and first name of the account, whatever the capitalisation", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app, { name: "Lucía", apellido: "Gómez" });
    const res = await lookup(`  ${other.email.toUpperCase()}  `, me.token);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data).toEqual({ _id: other.id, name: "Lucía" });
    expect(body._id).toBe(other.id);
    expect(res.body).not.toContain("Gómez");
    expect(res.body).not.toContain(other.email);
    expect(res.body).not.toMatch(/credit|argon|password/i);
  });

  it("needs a session", async () => {
    const other = await signUp(t.app);
    const res = await lookup(other.email);
    expect(res.statusCode).toBe(401);
    expect(json(res).success).toBe(false);
  });

  it("says in Spanish when no account has that email, and rejects a malformed one", async () => {
    const me = await signUp(t.app);
    const missing = await lookup("nadie.aqui@valoriza.test", me.token);
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe("No encontramos una cuenta con ese correo electrónico");
    const bad = await lookup("no-es-correo", me.token);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe("Ingresa un correo electrónico válido");
  });

  it("limits how many addresses one user may probe, without affecting other users", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    for (let i = 0; i < EMAIL_LOOKUP_MAX; i++) {
      const res = await lookup(`probe${i}@valoriza.test`, me.token);
      expect(res.statusCode).toBe(404);
    }
    const blocked = await lookup(other.email, me.token);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).message).toMatch(/^Demasiadas búsquedas de usuarios/);
    const someoneElse = await lookup(me.email, other.token);
    expect(someoneElse.statusCode).toBe(200);
    expect(json(someoneElse).data._id).toBe(me.id);
  });
});
