import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext } from "../../test/harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (auth: Record<string, string>, currentPassword: string, newPassword: string) =>
  t.app.inject({
    method: "PUT",
    url: "/api/profile/password",
    headers: auth,
    payload: { currentPassword, newPassword },
  });

describe("PUT /api/profile/password", () => {
  it("returns a new token: the page keeps its session while every older token is revoked (defect 6)", async () => {
    const u = await signUp(t.app);
    const other = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: u.email, password: u.password },
    });
    const otherAuth = { authorization: `Bearer ${json(other).data.token}` };
    const res = await change(u.auth, u.password, "nuevaClave9");
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toEqual({
      success: true,
      message: "¡Contraseña actualizada exitosamente!",
      data: { token: expect.any(String) },
    });
    const fresh = { authorization: `Bearer ${body.data.token}` };
    const me = await t.app.inject({ method: "GET", url: "/api/profile", headers: fresh });
    expect(me.statusCode).toBe(200);
    expect(json(me).data.email).toBe(u.email);
    for (const old of [u.auth, otherAuth]) {
      expect((await t.app.inject({ method: "GET", url: "/api/profile", headers: old })).statusCode).toBe(401);
    }
  });

  it("throttles wrong current passwords: after 5 the session waits, even with the right one (defect 5)", async () => {
    const u = await signUp(t.app);
    for (let i = 0; i < 5; i++) {
      const wrong = await change(u.auth, "noEsLaMia1", "nuevaClave9");
      expect(wrong.statusCode).toBe(400);
      expect(json(wrong).message).toBe("La contraseña actual es incorrecta");
    }
    const blocked = await change(u.auth, u.password, "nuevaClave9");
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).message).toBe("Demasiados intentos fallidos. Intenta de nuevo en 1 minuto.");
    expect(Number(blocked.headers["retry-after"])).toBe(30);
    // the session itself still works, and another person is not affected
    expect((await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth })).statusCode).toBe(200);
    const v = await signUp(t.app);
    expect((await change(v.auth, v.password, "otraClave77")).statusCode).toBe(200);
    t.clock.advance(30_001);
    expect((await change(u.auth, u.password, "nuevaClave9")).statusCode).toBe(200);
  });
});
