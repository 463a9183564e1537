import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import {
  DESKTOP,
  expectSignedIn,
  expectSignedOut,
  horizontalOverflow,
  launchBrowser,
  loginThroughModal,
  newUser,
  openPage,
  PHONE,
  storedSession,
} from "./helpers.ts";
import { mailedLink } from "./mail.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const accountNav = (page: Page) => page.getByRole("navigation", { name: "Cuenta" });

describe("recuperar la cuenta", () => {
  it("del '¿Olvidaste tu contraseña?' del diálogo a la sesión iniciada con la nueva contraseña, siguiendo el enlace del correo", async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    const user = newUser("olvido");
    const reg = await page.request.post("/api/users/register", { data: { ...user, aceptaTerminos: true } });
    expect(reg.status()).toBe(201);
    await page.goto("/");

    await accountNav(page).getByRole("button", { name: "Iniciar Sesión" }).click();
    const login = page.getByRole("dialog", { name: "Iniciar Sesión" });
    await login.getByRole("button", { name: "¿Olvidaste tu contraseña?" }).click();
    const forgot = page.getByRole("dialog", { name: "¿Olvidaste tu contraseña?" });
    await forgot.getByLabel("Correo electrónico").fill(user.email);
    await forgot.getByRole("button", { name: "Enviar enlace" }).click();
    await forgot.getByRole("status").getByText("Si existe una cuenta con ese correo").waitFor();
    await forgot.getByRole("button", { name: "Volver a iniciar sesión" }).click();
    await page.getByRole("dialog", { name: "Iniciar Sesión" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // The mailed link.
    const link = await mailedLink(user.email, "/restablecer-contrasena");
    await page.goto(link);
    await page.getByRole("heading", { name: "Elige una nueva contraseña" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP);

    // Keyboard only: a mismatch is refused, then the new password is saved.
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("nueva-clave-7");
    await page.getByLabel("Repite la contraseña").fill("otra-cosa");
    await page.getByLabel("Repite la contraseña").press("Enter");
    await page.getByText("Las contraseñas no coinciden").waitFor();
    await page.getByLabel("Repite la contraseña").fill("nueva-clave-7");
    await page.getByLabel("Repite la contraseña").press("Enter");
    await page.getByRole("heading", { name: "Tu contraseña quedó restablecida." }).waitFor();
    await expectSignedIn(page);
    expect(await seriousViolations(page)).toEqual([]);

    // 'Salir' ends the session on the server: the token answers 401 afterwards.
    const { token } = await storedSession(page);
    expect(token).toBeTruthy();
    await accountNav(page).getByRole("button", { name: "Salir" }).click();
    await expectSignedOut(page);
    await expect
      .poll(
        async () =>
          (await page.request.get("/api/profile", { headers: { Authorization: `Bearer ${token}` } })).status(),
        { timeout: 10_000 * TIMEOUT_SCALE },
      )
      .toBe(401);

    // The old password is refused, the new one signs in.
    expect((await page.request.post("/api/users/login", { data: user })).status()).toBe(401);
    await loginThroughModal(page, user.email, "nueva-clave-7");
    await expectSignedIn(page);

    // The link works once.
    await page.goto(link);
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("tercera-clave-7");
    await page.getByLabel("Repite la contraseña").fill("tercera-clave-7");
    await page.getByRole("button", { name: "Guardar y entrar" }).click();
    await page.getByRole("heading", { name: "Este enlace ya se usó." }).waitFor();
    await page.getByRole("button", { name: "Pedir un nuevo enlace" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors.filter((e) => !/status of 40\d/.test(e))).toEqual([]);
  }, 120_000);

  it("verificar el correo: el aviso con 'Reenviar enlace', el enlace del correo y el enlace no válido", async () => {
    const { page } = await openPage(browser, DESKTOP);
    const user = newUser("verifica");
    const reg = await page.request.post("/api/users/register", { data: { ...user, aceptaTerminos: true } });
    expect(reg.status()).toBe(201);
    const { token, ...rest } = ((await reg.json()) as { data: Record<string, unknown> & { token: string } }).data;
    await page.goto("/");
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem("user", u);
        localStorage.setItem("token", t);
      },
      [token, JSON.stringify(rest)] as const,
    );
    await page.reload();
    const banner = page.getByRole("region", { name: "Verificación del correo" });
    await banner.waitFor();
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await banner.getByRole("button", { name: "Reenviar enlace" }).click();
    await page.getByText("Te enviamos un nuevo enlace de verificación").first().waitFor();

    const link = await mailedLink(user.email, "/verificar-email");
    await page.goto(link);
    await page.getByRole("heading", { name: "¡Tu correo quedó verificado!" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Ir al inicio" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectSignedIn(page);
    await page.waitForTimeout(500);
    expect(await banner.count()).toBe(0);

    await page.goto("/verificar-email?token=no-es-un-enlace");
    await page.getByRole("heading", { name: "No pudimos verificar tu correo" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});
