/**
 * Consent and the holder's data rights (issue 16 items 5, 6 and 8): the blocking consent dialog of
 * an account registered through the API without `aceptaTerminos`, the legal pages reachable from the
 * footer signed out, and 'Descargar mis datos' / 'Eliminar mi cuenta' in /perfil. axe at 390 px.
 */
import { readFileSync } from "node:fs";
import { CONSENT_LABEL, TERMINOS_VERSION } from "@valoriza/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import {
  createGoodViaApi,
  DESKTOP,
  expectSignedOut,
  expectToast,
  launchBrowser,
  newUser,
  openPage,
  PHONE,
  type TestUser,
} from "./helpers.ts";

/** Registers through the API (with or without consent) and stores the session as the app does. */
async function signUpThroughApi(page: Page, user: TestUser, consent: boolean): Promise<{ token: string; id: string }> {
  const response = await page.request.post("/api/users/register", { data: user });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: Record<string, unknown> & { token: string; _id: string } };
  const { token, ...rest } = body.data;
  if (consent) {
    const accepted = await page.request.post("/api/profile/consentimiento", {
      headers: { Authorization: `Bearer ${token}` },
      data: { version: TERMINOS_VERSION },
    });
    expect(accepted.status()).toBe(200);
  }
  await page.goto("/");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("user", u);
      localStorage.setItem("token", t);
    },
    [token, JSON.stringify(rest)] as const,
  );
  await page.reload();
  return { token, id: body.data._id };
}

const accountNav = (page: Page) => page.getByRole("navigation", { name: "Cuenta" });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("consentimiento", () => {
  it("an account registered through the API without aceptaTerminos must accept before going on", async () => {
    const { page, errors } = await openPage(browser, PHONE);
    // An API sign-up without aceptaTerminos (the other tests' people send it, as the sign-up dialog does).
    const { aceptaTerminos, ...user } = newUser("consent");
    expect(aceptaTerminos).toBe(true);
    const { token } = await signUpThroughApi(page, user, false);

    const dialog = page.getByRole("dialog", { name: "Antes de continuar" });
    await dialog.waitFor();
    await expect.poll(() => seriousViolations(page, { still: true })).toEqual([]);
    // Blocking: Esc and a click outside leave it open, and it has no close button.
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Cerrar", exact: true }).count()).toBe(0);

    // The legal texts are one click away and readable; back, the dialog asks again.
    await dialog.getByRole("link", { name: "Leer la Política de tratamiento de datos personales" }).click();
    await page.getByRole("heading", { level: 1, name: "Política de tratamiento de datos personales" }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.goBack();
    await dialog.waitFor();

    // Keyboard only: the checkbox is required.
    await dialog.getByRole("button", { name: "Aceptar y continuar" }).click();
    await dialog.getByText("Debes aceptar los Términos y la Política de tratamiento de datos personales").waitFor();
    await dialog.getByLabel(CONSENT_LABEL).focus();
    await page.keyboard.press("Space");
    expect(await dialog.getByLabel(CONSENT_LABEL).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Aceptar y continuar" }).click();
    await dialog.waitFor({ state: "detached" });
    await expectToast(page, "Registramos tu aceptación");

    const profile = await page.request.get("/api/profile", { headers: { Authorization: `Bearer ${token}` } });
    const data = ((await profile.json()) as { data: { consentimiento: { version: string; fecha: string } } }).data;
    expect(data.consentimiento.version).toBe(TERMINOS_VERSION);

    // Recorded on the server: after a reload nothing is asked again.
    await page.reload();
    await accountNav(page).getByRole("button", { name: "Salir" }).waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});

describe("páginas legales", () => {
  it.each([
    ["escritorio", DESKTOP],
    ["teléfono", PHONE],
  ] as const)(
    "are reachable signed out from the footer (%s), in Spanish, axe clean",
    async (_label, viewport) => {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto("/");
      await expectSignedOut(page);
      const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });

      await legal.getByRole("link", { name: "Términos y condiciones" }).click();
      await page.getByRole("heading", { level: 1, name: "Términos y condiciones de uso" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/terminos");
      await expect.poll(() => seriousViolations(page, { still: true })).toEqual([]);

      await legal.getByRole("link", { name: "Política de tratamiento de datos personales" }).click();
      await page.getByRole("heading", { level: 1, name: "Política de tratamiento de datos personales" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/privacidad");
      const text = ((await page.getByRole("main").textContent()) ?? "").toLowerCase();
      for (const word of [
        "responsable del tratamiento",
        "finalidades",
        "conocer",
        "actualizar",
        "rectificar",
        "suprimir",
        "revocar",
        "cómo ejercer tus derechos",
        "ley 1581 de 2012",
        "decreto 1377 de 2013",
        "vigente desde",
      ]) {
        expect(text).toContain(word);
      }
      await expect.poll(() => seriousViolations(page, { still: true })).toEqual([]);

      // Real pages of the app: opened directly they answer 200 (not the not-found page).
      for (const path of ["/terminos", "/privacidad"]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
      }
      expect(await page.getByText("404 Page Not Found").count()).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    60_000,
  );
});

describe("mis datos en /perfil", () => {
  it("downloads the data and deletes the account after a confirmation that says what is lost", async () => {
    const { page, errors } = await openPage(browser, PHONE);
    const user = { ...newUser("borrar"), name: "Eulalia", apellido: "Borrable" };
    const me = await signUpThroughApi(page, user, true);
    await accountNav(page).getByRole("button", { name: "Salir" }).waitFor();
    const good = await createGoodViaApi(page, { title: "Patineta para borrar" });
    // A deal in progress: a custody of that good for another person (cancelled below, before deleting).
    const other = await page.request.post("/api/users/register", { data: newUser("borrar-receptor") });
    const receptorId = ((await other.json()) as { data: { _id: string } }).data._id;
    const custody = await page.request.post("/api/custodia/asignar", {
      headers: { Authorization: `Bearer ${me.token}` },
      data: { assetId: good.id, receptorId, tipoTransaccion: "venta", notas: "" },
    });
    expect(custody.status()).toBe(201);
    const custodyId = ((await custody.json()) as { custodia: { _id: string } }).custodia._id;

    await page.goto("/perfil");
    const section = page.getByRole("heading", { name: "Tus datos" });
    await section.waitFor();
    await expect.poll(() => seriousViolations(page, { still: true })).toEqual([]);

    // Download: a JSON file with the person's own data.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Descargar mis datos" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^valoriza-mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const content = JSON.parse(readFileSync(file, "utf8")) as {
      perfil: { email: string; name: string };
      activos: { title: string }[];
    };
    expect(content.perfil).toMatchObject({ email: user.email, name: "Eulalia" });
    expect(content.activos.map((a) => a.title)).toContain("Patineta para borrar");
    expect(JSON.stringify(content)).not.toMatch(/passwordHash|argon/i);

    // Delete: the dialog says what will be lost; a wrong password is refused on the field.
    await page.getByRole("button", { name: "Eliminar mi cuenta", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "¿Eliminar tu cuenta?" });
    await dialog.waitFor();
    const said = (await dialog.textContent()) ?? "";
    expect(said).toContain("Tus activos publicados se desactivan");
    expect(said).toMatch(/Se destruyen tus [\d.]+ créditos/);
    expect(said).toContain("Cuenta eliminada");
    expect(said).toContain("no podrás volver a entrar");
    await expect.poll(() => seriousViolations(page, { still: true })).toEqual([]);
    await dialog.getByLabel("Tu contraseña").fill("noEsLaMia1");
    await dialog.getByRole("button", { name: "Eliminar mi cuenta definitivamente" }).click();
    await dialog.getByText("La contraseña no es correcta").waitFor();

    // Refused while the custody is pending: the reason is shown and nothing is deleted.
    await dialog.getByLabel("Tu contraseña").fill(user.password);
    await dialog.getByRole("button", { name: "Eliminar mi cuenta definitivamente" }).click();
    await dialog
      .getByRole("alert")
      .getByText(
        "No puedes eliminar tu cuenta mientras tengas operaciones en curso (custodias o ventas pendientes). Termínalas o cancélalas y vuelve a intentarlo.",
      )
      .waitFor();
    const cancelled = await page.request.put(`/api/custodia/cancelar/${custodyId}`, {
      headers: { Authorization: `Bearer ${me.token}` },
    });
    expect(cancelled.status()).toBe(200);

    await dialog.getByRole("button", { name: "Eliminar mi cuenta definitivamente" }).click();
    await expectToast(page, "Cuenta eliminada");
    await expectSignedOut(page);
    expect(new URL(page.url()).pathname).toBe("/");

    // Sign-in is refused now.
    const login = await page.request.post("/api/users/login", {
      data: { email: user.email, password: user.password },
    });
    expect(login.status()).toBe(401);
    // Only the answers the test asked for: the wrong password (400), the refusal (409), the ended session (401).
    expect(errors.filter((e) => !/status of 40[019]\b/.test(e))).toEqual([]);
    await page.context().close();
  }, 120_000);
});
