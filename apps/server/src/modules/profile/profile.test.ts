import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext } from "../../test/harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/profile", () => {
  it("returns every profile field of the spec, with zero credits for a new account", async () => {
    const u = await signUp(t.app, { name: "Pedro", apellido: "Suárez" });
    const res = await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      success: true,
      data: {
        _id: u.id,
        name: "Pedro",
        apellido: "Suárez",
        email: u.email,
        verified: false,
        pais: "Colombia",
        ciudad: "",
        telefono: "",
        sexo: "no_especificar",
        fechaNacimiento: "",
        userType: "persona",
        visibility: "publico",
        description: "",
        redes: { facebook: "", instagram: "", linkedin: "" },
        credits: 0,
        creditosDisponibles: 0,
        creditosBloqueados: 0,
        isAdmin: false,
      },
    });
    expect(res.body).not.toMatch(/hash|argon/i);
  });
});

describe("PUT /api/profile", () => {
  it("saves every editable field and keeps them on the next read", async () => {
    const u = await signUp(t.app);
    const patch = {
      name: "Laura Inés",
      apellido: "Ríos Mejía",
      pais: "Colombia",
      ciudad: "Bucaramanga",
      telefono: "+57 300 123 4567",
      sexo: "femenino",
      fechaNacimiento: "1990-05-17",
      userType: "empresa",
      visibility: "validado",
      description: "Diseñadora y ciclista.",
      redes: { facebook: "laura.rios", instagram: "@laurarios", linkedin: "in/laurarios" },
    };
    const res = await t.app.inject({ method: "PUT", url: "/api/profile", headers: u.auth, payload: patch });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject(patch);
    const again = await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth });
    expect(json(again).data).toMatchObject(patch);
  });

  it("never lets the caller change email, isAdmin, credits or verified", async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: u.auth,
      payload: { email: "otro@valoriza.test", isAdmin: true, credits: 999999, verified: true, ciudad: "Pasto" },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      email: u.email,
      isAdmin: false,
      credits: 0,
      verified: false,
      ciudad: "Pasto",
    });
  });

  it("merges social networks instead of wiping the ones not sent", async () => {
    const u = await signUp(t.app);
    await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: u.auth,
      payload: { redes: { facebook: "fb", instagram: "ig" } },
    });
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: u.auth,
      payload: { redes: { instagram: "ig2" } },
    });
    expect(json(res).data.redes).toEqual({ facebook: "fb", instagram: "ig2", linkedin: "" });
  });

  it("rejects invalid values in Spanish and changes nothing", async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: u.auth,
      payload: { ciudad: "Tunja", sexo: "robot" },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe("Selecciona una opción de sexo válida");
    const again = await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth });
    expect(json(again).data.ciudad).toBe("");
  });
});

describe("PUT /api/profile/password", () => {
  it("changes the password: the old one stops working, the new one signs in, old tokens end", async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile/password",
      headers: u.auth,
      payload: { currentPassword: u.password, newPassword: "nuevaClave9" },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: true, message: "¡Contraseña actualizada exitosamente!" });
    const old = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: u.email, password: u.password },
    });
    expect(old.statusCode).toBe(401);
    const neu = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: u.email, password: "nuevaClave9" },
    });
    expect(neu.statusCode).toBe(200);
    const stale = await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth });
    expect(stale.statusCode).toBe(401);
  });

  it("answers a wrong current password with 400 (not 401, which would end the session)", async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile/password",
      headers: u.auth,
      payload: { currentPassword: "equivocada", newPassword: "nuevaClave9" },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe("La contraseña actual es incorrecta");
  });

  it("requires a new password of at least 6 characters", async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile/password",
      headers: u.auth,
      payload: { currentPassword: u.password, newPassword: "123" },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe("La nueva contraseña debe tener al menos 6 caracteres");
  });
});
