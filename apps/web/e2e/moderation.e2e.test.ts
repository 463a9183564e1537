/**
 * Reports and moderation (issue 19 part 3) in the browser, the main path: a person reports a listing
 * from its page (and a message of its chat); an admin sees both on the desk's 'Moderación' tab with
 * their targets and hides the listing with a reason; the listing's page answers 'not found' to the
 * person, and its owner sees it with the reason (page and 'Mis activos'). Desktop and phone.
 */
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import {
  DESKTOP,
  elementsOutsideViewport,
  expectToast,
  horizontalOverflow,
  launchBrowser,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
  storedSession,
} from "./helpers.ts";
import { auth, createAsset, type Person, signedInPerson } from "./people.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN = {
  name: "Mónica",
  apellido: "Moderadora",
  email: "e2e-admin-moderacion@valoriza.test",
  password: "secreto123",
  aceptaTerminos: true,
};

async function adminSession(page: Page) {
  let r = await page.request.post("/api/users/register", { data: ADMIN });
  if (r.status() === 409) r = await page.request.post("/api/users/login", { data: ADMIN });
  expect(r.ok(), await r.text()).toBe(true);
  return ((await r.json()) as { data: Record<string, unknown> & { token: string } }).data;
}

async function signInAdmin(page: Page) {
  const { token, ...user } = await adminSession(page);
  await page.goto("/");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("user", u);
      localStorage.setItem("token", t);
    },
    [token, JSON.stringify(user)] as const,
  );
  await page.reload();
  await page
    .getByRole("navigation", { name: "Cuenta" })
    .getByRole("button", { name: "Salir" })
    .waitFor({ timeout: 30_000 * TIMEOUT_SCALE });
}

async function openAdminModeration(page: Page) {
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Moderación" }).click();
  await page.getByRole("heading", { name: /Reportes abiertos/ }).waitFor();
}

async function scenario(tag: string, viewport: { width: number; height: number }) {
  const owner: Person = await signedInPerson(browser, `mod-${tag}-owner`, viewport, "Olga");
  const reporter: Person = await signedInPerson(browser, `mod-${tag}-rep`, viewport, "Raúl");
  const title = `Parlante sospechoso ${tag}`;
  const { id } = await createAsset(owner, title, "vender");

  // A message of the owner in a chat about the listing: reportable by the other participant only.
  const chat = await reporter.page.request.post("/api/chat/iniciar", {
    headers: auth(reporter),
    data: { activoId: id, receptorId: owner.id },
  });
  const chatId = ((await chat.json()) as { data: { _id: string } }).data._id;
  const sent = await owner.page.request.post("/api/chat/enviar", {
    headers: auth(owner),
    data: { chatId, texto: `Consígname por fuera y te lo dejo más barato (${tag})` },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // The person reports the listing from its page.
  const page = reporter.page;
  await page.goto(`/ver-activo/${id}`);
  await page.getByRole("heading", { name: title }).waitFor();
  // By keyboard: Enter opens the dialog, Esc closes it, focus comes back to the button.
  const reportButton = page.getByRole("button", { name: `Reportar publicación: Publicación “${title}”` });
  await reportButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Reportar publicación" });
  await dialog.waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  // Radix gives focus back on the next task after the dialog unmounts: wait for it as a reader would.
  await expect
    .poll(() => reportButton.evaluate((b) => b === document.activeElement), { timeout: 2000 * TIMEOUT_SCALE })
    .toBe(true);
  await page.keyboard.press("Enter");
  await dialog.waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  // The motive is required.
  await dialog.getByRole("button", { name: "Enviar reporte" }).click();
  await dialog.getByText("Elige el motivo del reporte").waitFor();
  await dialog.getByLabel("Motivo").selectOption({ label: "Fraude o estafa" });
  await dialog.getByLabel(/Descripción/).fill("Pide que le consigne por fuera de la plataforma.");
  await screenshot(page, `moderation-report-dialog-${tag}`, false);
  await dialog.getByRole("button", { name: "Enviar reporte" }).click();
  await expectToast(page, "Gracias, revisaremos tu reporte.");
  await dialog.waitFor({ state: "detached" });

  // ...and the owner's chat message (its own messages have no 'Reportar').
  await page
    .getByRole("button", { name: "Contactar" })
    .click()
    .catch(() => {});
  const message = page.getByTestId("chat-message").filter({ hasText: "Consígname por fuera" });
  await message.waitFor({ timeout: 20_000 * TIMEOUT_SCALE });
  await screenshot(page, `moderation-reporter-${tag}`);
  await message.getByRole("button", { name: /^Reportar: Mensaje de Olga/ }).click();
  const msgDialog = page.getByRole("dialog", { name: "Reportar mensaje" });
  await msgDialog.getByLabel("Motivo").selectOption({ label: "Fraude o estafa" });
  await msgDialog.getByRole("button", { name: "Enviar reporte" }).click();
  await expectToast(page, "Gracias, revisaremos tu reporte.");

  // The admin sees both reports with their targets, and hides the listing with a reason.
  const { page: adminPage } = await (async () => {
    const ctx = await browser.newContext({
      viewport,
      locale: "es-CO",
      baseURL: new URL(page.url()).origin,
      serviceWorkers: "block",
    });
    return { page: await ctx.newPage() };
  })();
  await signInAdmin(adminPage);
  await openAdminModeration(adminPage);
  const card = adminPage.getByTestId("report-card").filter({ hasText: title });
  await card.waitFor();
  await card.getByText("Pide que le consigne por fuera de la plataforma.").waitFor();
  await adminPage
    .getByTestId("report-card")
    .filter({ hasText: `Consígname por fuera y te lo dejo más barato (${tag})` })
    .waitFor();
  expect(await horizontalOverflow(adminPage)).toBeLessThanOrEqual(0);
  expect(await elementsOutsideViewport(adminPage)).toEqual([]);
  await screenshot(adminPage, `moderation-desk-${tag}`);
  expect(await seriousViolations(adminPage)).toEqual([]);
  await card.getByRole("button", { name: "Ocultar" }).click();
  const decision = adminPage.getByRole("dialog", { name: `¿Ocultar “${title}”?` });
  await decision.getByRole("button", { name: "Ocultar publicación" }).click();
  await decision.getByText("Escribe el motivo de la decisión").waitFor();
  await decision.getByLabel("Motivo").fill("Pide pagos por fuera de Valoriza");
  await screenshot(adminPage, `moderation-decision-${tag}`, false);
  await decision.getByRole("button", { name: "Ocultar publicación" }).click();
  await expectToast(adminPage, "Publicación oculta");
  await card.getByText("Publicación oculta").first().waitFor();
  await adminPage.getByTestId("hidden-asset").filter({ hasText: title }).waitFor();
  await card.getByRole("button", { name: "Mostrar" }).waitFor();

  // The person no longer finds it; the owner sees why.
  await page.goto(`/ver-activo/${id}`);
  await page.getByText("Activo no encontrado").first().waitFor();
  await owner.page.goto(`/ver-activo/${id}`);
  await owner.page
    .getByTestId("hidden-notice")
    .filter({ hasText: "Esta publicación está oculta: Pide pagos por fuera de Valoriza" })
    .waitFor();
  expect(await horizontalOverflow(owner.page)).toBeLessThanOrEqual(0);
  // Nothing to report on one's own listing, nor on one's own messages.
  expect(await owner.page.getByTestId("report-button").count()).toBe(0);
  await screenshot(owner.page, `moderation-owner-${tag}`);
  await owner.page.goto("/mis-activos");
  await owner.page
    .getByTestId("hidden-mark")
    .filter({ hasText: "Pide pagos por fuera de Valoriza" })
    .waitFor({ timeout: 20_000 * TIMEOUT_SCALE });
  expect(owner.errors).toEqual([]);
  await adminPage.context().close();
}

describe("reports and moderation", () => {
  it("a person reports a listing and a message; the admin hides the listing; the owner sees why (desktop)", async () => {
    await scenario("desk", DESKTOP);
  }, 120_000);
  it("the same on a phone", async () => {
    await scenario("phone", PHONE);
  }, 120_000);

  it("a suspended person's open session ends and signing in says why", async () => {
    const p = await signedInPerson(browser, "mod-susp", DESKTOP, "Sara");
    await p.page.goto("/perfil");
    await p.page
      .getByRole("heading", { name: /perfil/i })
      .first()
      .waitFor();
    const { token } = await adminSession(p.page);
    const r = await p.page.request.post(`/api/admin/usuarios/${p.id}/suspender`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { motivo: "Suplantación de identidad" },
    });
    expect(r.status(), await r.text()).toBe(200);
    // The next request with the old session is refused: the app signs out and offers to sign in.
    await p.page.goto("/perfil");
    // The sign-in dialog opens by itself; the person signs in again.
    const dialog = p.page.getByRole("dialog", { name: "Iniciar Sesión" });
    await dialog.waitFor({ timeout: 20_000 * TIMEOUT_SCALE });
    await dialog.getByLabel("Correo electrónico").fill(p.user.email);
    await dialog.getByLabel("Contraseña", { exact: true }).fill(p.user.password);
    await dialog.getByRole("button", { name: "Iniciar Sesión" }).click();
    await dialog
      .getByText("Tu cuenta está suspendida: Suplantación de identidad. Escríbenos a soporte si crees que es un error.")
      .waitFor();
    await screenshot(p.page, "moderation-suspended-login", false);
    expect((await storedSession(p.page)).token).toBeNull();
  }, 120_000);
});
