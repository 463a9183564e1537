import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  availableCredits,
  CONSENT_CHECKBOX,
  expectSignedIn,
  expectSignedOut,
  expectToast,
  launchBrowser,
  loginThroughModal,
  newUser,
  openPage,
  registerThroughModal,
  storedSession,
} from "./helpers.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("sesión", () => {
  it("registra, sigue conectado al recargar, sale y vuelve a entrar", async () => {
    const { page, errors } = await openPage(browser);
    const user = newUser("signup");
    await page.goto("/");
    await expectSignedOut(page);

    await registerThroughModal(page, user);
    await expectToast(page, "¡Cuenta creada exitosamente!");
    const session = await storedSession(page);
    expect(session.token).toBeTruthy();
    expect(JSON.parse(session.user ?? "{}")).toMatchObject({ name: user.name, email: user.email });
    // Credits in the header come from the profile (new users start at 0).
    await availableCredits(page).waitFor();

    await page.reload();
    await expectSignedIn(page);

    await page.goto("/perfil");
    const { token } = await storedSession(page);
    await page.getByRole("navigation", { name: "Cuenta" }).getByRole("button", { name: "Salir" }).click();
    await expectSignedOut(page);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    // The server ends the session too, once the page's calls still carrying the token are back.
    await expect
      .poll(
        async () =>
          (await page.request.get("/api/profile", { headers: { Authorization: `Bearer ${token}` } })).status(),
        { timeout: 10_000 * TIMEOUT_SCALE },
      )
      .toBe(401);
    // Signing out on purpose does not pop the login modal up.
    expect(await page.getByRole("dialog").count()).toBe(0);

    await loginThroughModal(page, user.email, user.password);
    // Awaited together: the toast lives 4 s, and on a starved machine the dialog's closing alone took
    // longer (CI, 2026-11-29), so a toast awaited after it had already gone.
    await Promise.all([expectSignedIn(page), expectToast(page, "¡Bienvenido de nuevo!")]);
    expect(errors).toEqual([]);
  });

  it("muestra los errores de validación y del servidor sin perder lo escrito", async () => {
    const { page } = await openPage(browser);
    const user = newUser("badlogin");
    await page.goto("/");
    await page.request.post("/api/users/register", { data: user });

    const nav = page.getByRole("navigation", { name: "Cuenta" });
    await nav.getByRole("button", { name: "Iniciar Sesión" }).click();
    const dialog = page.getByRole("dialog", { name: "Iniciar Sesión" });
    await dialog.getByRole("button", { name: "Iniciar Sesión" }).click();
    await dialog.getByText("El correo electrónico es obligatorio").waitFor();
    await dialog.getByText("La contraseña es obligatoria").waitFor();

    await dialog.getByLabel("Correo electrónico").fill(user.email);
    await dialog.getByLabel("Contraseña", { exact: true }).fill("incorrecta");
    await dialog.getByRole("button", { name: "Iniciar Sesión" }).click();
    const alert = dialog.getByRole("alert");
    await Promise.all([alert.waitFor(), expectToast(page, "Revisa tu información", "Correo o contraseña incorrectos")]);
    expect(await alert.textContent()).toContain("Correo o contraseña incorrectos");
    expect(await dialog.getByLabel("Correo electrónico").inputValue()).toBe(user.email);
    expect(await dialog.getByLabel("Contraseña", { exact: true }).inputValue()).toBe("incorrecta");

    // Switch to the register form: a short password is refused with the shared message.
    await dialog.getByRole("button", { name: "Regístrate" }).click();
    const register = page.getByRole("dialog", { name: "Crea tu cuenta" });
    await register.getByLabel("Contraseña", { exact: true }).fill("123");
    await register.getByRole("button", { name: "Registrarse" }).click();
    await register.getByText("La contraseña debe tener al menos 6 caracteres").waitFor();
    await register.getByText("El apellido es obligatorio").waitFor();

    // An e-mail already registered: the server's message in the red box.
    await register.getByLabel("Nombre").fill("Otra");
    await register.getByLabel("Apellido").fill("Persona");
    await register.getByLabel("Correo electrónico").fill(user.email);
    await register.getByLabel("Contraseña", { exact: true }).fill("secreto123");
    await register.getByRole("checkbox", { name: CONSENT_CHECKBOX }).check();
    await register.getByRole("button", { name: "Registrarse" }).click();
    await register.getByRole("alert").getByText("Ya existe una cuenta con este correo electrónico").waitFor();

    // Esc closes the modal.
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expectSignedOut(page);
  });

  it("sobrevive a una sesión guardada corrupta", async () => {
    const { page, errors } = await openPage(browser);
    await page.goto("/");
    await page.evaluate(() => {
      localStorage.setItem("token", "token-viejo");
      localStorage.setItem("user", "{not json");
    });
    await page.reload();
    await expectSignedOut(page);
    await page.getByRole("heading", { name: "Activos cercanos a ti" }).waitFor();
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    expect(errors).toEqual([]);
  });

  it("un token rechazado cierra la sesión y vuelve a pedir el inicio de sesión", async () => {
    const { page } = await openPage(browser);
    await page.goto("/");
    await page.evaluate(() => {
      localStorage.setItem(
        "user",
        JSON.stringify({
          _id: "01a1ff2a-6718-711a-90ac-41cd08377551",
          name: "Ana",
          apellido: "",
          email: "a@b.co",
          isAdmin: false,
        }),
      );
      localStorage.setItem("token", "token-invalido");
    });
    await page.reload();
    // The balance query (header credits) is refused: session cleared, toast and login modal.
    await Promise.all([
      page.getByRole("dialog", { name: "Iniciar Sesión" }).waitFor(),
      expectToast(page, "Sesión expirada"),
    ]);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
  });
});
