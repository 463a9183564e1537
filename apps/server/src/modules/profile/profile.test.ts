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
      redes: {
        facebook: "https://www.facebook.com/laura.rios",
        instagram: "https://www.instagram.com/laurarios",
        linkedin: "https://www.linkedin.com/in/laurarios",
      },
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
    // A handle is kept as its network's https link (issue 15 item 24).
    expect(json(res).data.redes).toEqual({
      facebook: "https://www.facebook.com/fb",
      instagram: "https://www.instagram.com/ig2",
      linkedin: "",
    });
  });

  it("redes: only http(s) links are stored (issue 15 item 24)", async () => {
    const u = await signUp(t.app);
    const put = (redes: Record<string, string>) =>
      t.app.inject({ method: "PUT", url: "/api/profile", headers: u.auth, payload: { redes } });
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "ftp://facebook.com/x",
      "https://",
      "no es un enlace",
    ]) {
      const res = await put({ facebook: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(json(res).message).toBe(
        "Facebook: escribe un enlace que empiece por https:// (por ejemplo https://www.facebook.com/tu-perfil) o tu usuario",
      );
    }
    const ok = await put({
      facebook: "facebook.com/laura.rios",
      instagram: "@laurarios",
      linkedin: "https://co.linkedin.com/in/laura-rios",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.redes).toEqual({
      facebook: "https://facebook.com/laura.rios",
      instagram: "https://www.instagram.com/laurarios",
      linkedin: "https://co.linkedin.com/in/laura-rios",
    });
  });

  it("fechaNacimiento: an impossible date is refused, never stored (issue 15 item 24)", async () => {
    const u = await signUp(t.app);
    for (const [fecha, message] of [
      ["2026-02-30", "La fecha de nacimiento no existe en el calendario"],
      ["1990-13-01", "La fecha de nacimiento no existe en el calendario"],
      ["2023-02-29", "La fecha de nacimiento no existe en el calendario"],
      ["1990-5-7", "La fecha de nacimiento debe tener el formato AAAA-MM-DD"],
    ] as const) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/profile",
        headers: u.auth,
        payload: { fechaNacimiento: fecha },
      });
      expect(res.statusCode, fecha).toBe(400);
      expect(json(res).message).toBe(message);
    }
    const me = await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth });
    expect(json(me).data.fechaNacimiento).toBe("");
    const leap = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: u.auth,
      payload: { fechaNacimiento: "2000-02-29" },
    });
    expect(json(leap).data.fechaNacimiento).toBe("2000-02-29");
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
