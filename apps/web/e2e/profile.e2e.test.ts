import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  availableCredits,
  DESKTOP,
  expectSignedIn,
  expectSignedOut,
  expectToast,
  launchBrowser,
  loginThroughModal,
  newUser,
  openPage,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
  signUpViaApi,
  storedSession,
} from "./helpers.ts";
import { auth, createAsset, type Person, person as signUpPerson } from "./people.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const profileForm = (page: Page) => page.getByRole("form", { name: "Editar perfil" });
const passwordForm = (page: Page) => page.getByRole("form", { name: "Cambiar contraseña" });

describe("Mi Cuenta (/perfil)", () => {
  it("edita todos los campos del perfil y los conserva al recargar", async () => {
    const { page, errors } = await openPage(browser);
    const user = newUser("perfil");
    await signUpViaApi(page, user);
    await page.goto("/perfil");
    await page.getByRole("heading", { name: "Mi Cuenta", level: 1 }).waitFor();

    const form = profileForm(page);
    const email = form.getByLabel("Correo electrónico");
    expect(await email.inputValue()).toBe(user.email);
    expect(await email.getAttribute("readonly")).not.toBeNull();
    await page.getByText("Sin verificar").waitFor();

    await form.getByLabel("Nombre", { exact: true }).fill("Ana María");
    await form.getByLabel("Apellido").fill("Gómez Ruiz");
    await form.getByLabel("Teléfono").fill("+57 300 123 4567");
    await form.getByLabel("Fecha de nacimiento").fill("1990-05-17");
    await form.getByLabel("Sexo").selectOption("femenino");
    await form.getByLabel("País").fill("Colombia");
    await form.getByLabel("Ciudad").fill("Medellín");
    await form.getByLabel("Tipo de usuario").selectOption("empresa");
    await form.getByLabel("Visibilidad del perfil").selectOption("validado");
    await form.getByLabel("Descripción").fill("Me gusta intercambiar libros y herramientas.");
    await form.getByLabel("Facebook").fill("facebook.com/anamaria");
    await form.getByLabel("Instagram").fill("@anamaria");
    await form.getByLabel("LinkedIn").fill("linkedin.com/in/anamaria");
    await form.getByRole("button", { name: "Guardar cambios" }).click();
    await expectToast(page, "¡Perfil actualizado exitosamente!");

    await page.reload();
    const reloaded = profileForm(page);
    await reloaded.waitFor();
    const values = {
      name: await reloaded.getByLabel("Nombre", { exact: true }).inputValue(),
      apellido: await reloaded.getByLabel("Apellido").inputValue(),
      telefono: await reloaded.getByLabel("Teléfono").inputValue(),
      fecha: await reloaded.getByLabel("Fecha de nacimiento").inputValue(),
      sexo: await reloaded.getByLabel("Sexo").inputValue(),
      pais: await reloaded.getByLabel("País").inputValue(),
      ciudad: await reloaded.getByLabel("Ciudad").inputValue(),
      userType: await reloaded.getByLabel("Tipo de usuario").inputValue(),
      visibility: await reloaded.getByLabel("Visibilidad del perfil").inputValue(),
      description: await reloaded.getByLabel("Descripción").inputValue(),
      facebook: await reloaded.getByLabel("Facebook").inputValue(),
      instagram: await reloaded.getByLabel("Instagram").inputValue(),
      linkedin: await reloaded.getByLabel("LinkedIn").inputValue(),
    };
    expect(values).toEqual({
      name: "Ana María",
      apellido: "Gómez Ruiz",
      telefono: "+57 300 123 4567",
      fecha: "1990-05-17",
      sexo: "femenino",
      pais: "Colombia",
      ciudad: "Medellín",
      userType: "empresa",
      visibility: "validado",
      description: "Me gusta intercambiar libros y herramientas.",
      // Stored as http(s) links only (issue 15 item 24): a bare address or a handle becomes one.
      facebook: "https://facebook.com/anamaria",
      instagram: "https://www.instagram.com/anamaria",
      linkedin: "https://linkedin.com/in/anamaria",
    });
    // The header's avatar follows the new name.
    expect(await page.getByRole("link", { name: "Mi Cuenta" }).locator("[aria-hidden=true]").textContent()).toBe("AG");
    expect(errors).toEqual([]);
  });

  it("cambia la contraseña y permite entrar con la nueva", async () => {
    const { page } = await openPage(browser);
    const user = newUser("clave");
    await signUpViaApi(page, user);
    await page.goto("/perfil");
    const form = passwordForm(page);
    await form.waitFor();
    const current = form.getByLabel("Contraseña actual");
    const next = form.getByLabel("Nueva contraseña", { exact: true });
    const confirm = form.getByLabel("Confirmar nueva contraseña");
    const submit = form.getByRole("button", { name: "Actualizar contraseña" });

    await current.fill(user.password);
    await next.fill("nueva123");
    await confirm.fill("otra123");
    await submit.click();
    await form.getByText("Las contraseñas no coinciden").waitFor();

    await next.fill("123");
    await confirm.fill("123");
    await submit.click();
    await form.getByText("La nueva contraseña debe tener al menos 6 caracteres").waitFor();

    await current.fill("no-es-la-clave");
    await next.fill("nueva123");
    await confirm.fill("nueva123");
    await submit.click();
    await form.getByRole("alert").getByText("La contraseña actual es incorrecta").waitFor();
    await expectSignedIn(page);

    const oldToken = (await storedSession(page)).token;
    await current.fill(user.password);
    await submit.click();
    await expectToast(page, "¡Contraseña actualizada exitosamente!");
    expect(await current.inputValue()).toBe("");

    // The server revoked the old token and answered a new one: the page stored it and keeps the session.
    const newToken = (await storedSession(page)).token;
    expect(newToken).not.toBeNull();
    expect(newToken).not.toBe(oldToken);
    const auth = (token: string | null) => ({ headers: { Authorization: `Bearer ${token}` } });
    expect((await page.request.get("/api/profile", auth(oldToken))).status()).toBe(401);
    expect((await page.request.get("/api/profile", auth(newToken))).status()).toBe(200);
    await page.reload();
    await expectSignedIn(page);
    await availableCredits(page).waitFor();
    await page.getByRole("heading", { name: "Mi Cuenta", level: 1 }).waitFor();

    await page.getByRole("navigation", { name: "Cuenta" }).getByRole("button", { name: "Salir" }).click();
    await expectSignedOut(page);
    await loginThroughModal(page, user.email, "nueva123");
    await expectSignedIn(page);
  });

  it("sin sesión pide iniciar sesión y luego muestra la cuenta", async () => {
    const { page } = await openPage(browser);
    const user = newUser("gate");
    await page.goto("/");
    await page.request.post("/api/users/register", { data: user });
    await page.goto("/perfil");
    // The sign-in dialog opens by itself over the prompt; while it is open the page behind it is
    // hidden from assistive tech, so the prompt's heading is checked with includeHidden.
    const dialog = page.getByRole("dialog", { name: "Iniciar Sesión" });
    await dialog.waitFor();
    await page.getByRole("heading", { name: "Inicia sesión para continuar", includeHidden: true }).waitFor();
    await dialog.getByLabel("Correo electrónico").fill(user.email);
    await dialog.getByLabel("Contraseña", { exact: true }).fill(user.password);
    await dialog.getByRole("button", { name: "Iniciar Sesión" }).click();
    await page.getByRole("heading", { name: "Mi Cuenta", level: 1 }).waitFor();
    expect(await profileForm(page).getByLabel("Correo electrónico").inputValue()).toBe(user.email);
  });
});

/** /perfil's reputation card once loaded, showing `total`. */
async function profileReputation(page: Page, total: number) {
  await page.goto("/perfil");
  const card = page.getByTestId("reputation-card");
  await card.getByRole("heading", { name: "Reputación" }).waitFor();
  await card
    .getByTestId("profile-reputation")
    .filter({ hasText: new RegExp(`^${total}$`) })
    .waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
  return card;
}

/** The cells of one part's row: count, weight, points. */
async function partCells(card: ReturnType<Page["getByTestId"]>, key: string) {
  return card.getByTestId(`reputation-${key}`).locator("td").allTextContents();
}

async function gift(giver: Person, friend: Person, title: string) {
  const asset = await createAsset(giver, title, "regalar");
  const r = await giver.page.request.post("/api/donations", {
    headers: auth(giver),
    data: { assetId: asset.id, recipientId: friend.id, message: "Para ti", kind: "regalo" },
  });
  expect(r.status(), await r.text()).toBe(201);
  return { assetId: asset.id, donationId: ((await r.json()) as { data: { _id: string } }).data._id };
}

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  describe(`reputación en ${label}`, () => {
    it("cambia en /perfil y en la tarjeta del dueño tras una entrega completada y una cancelación", async () => {
      const giver = await signUpPerson(browser, `rep-giver-${label}`, viewport, "Gloria");
      const friend = await signUpPerson(browser, `rep-friend-${label}`, viewport, "Fabio");

      let card = await profileReputation(friend.page, 0);
      expect(await partCells(card, "entregasCompletadas")).toEqual(["0", "+3", "0"]);
      expect(await partCells(card, "prestamosVencidos")).toEqual(["0", "−10", "0"]);

      // A gift accepted (a completed handover: +3 to both) and another one the giver cancels (−2 to the giver).
      const first = await gift(giver, friend, `Lámpara ${label}`);
      const ok = await friend.page.request.post(`/api/donations/accept/${first.donationId}`, { headers: auth(friend) });
      expect(ok.status(), await ok.text()).toBe(200);
      const second = await gift(giver, friend, `Cuadro ${label}`);
      const cancel = await giver.page.request.post(`/api/donations/cancel/${second.donationId}`, {
        headers: auth(giver),
      });
      expect(cancel.status(), await cancel.text()).toBe(200);

      card = await profileReputation(friend.page, 3);
      expect(await partCells(card, "entregasCompletadas")).toEqual(["1", "+3", "+3"]);
      await card.screenshot({ path: `${SCREENSHOT_DIR}/profile-reputation-${label}.png`, animations: "disabled" });
      await screenshot(friend.page, `profile-reputation-${label}-page`);

      card = await profileReputation(giver.page, 1);
      expect(await partCells(card, "entregasCompletadas")).toEqual(["1", "+3", "+3"]);
      expect(await partCells(card, "cancelaciones")).toEqual(["1", "−2", "−2"]);
      expect(await card.locator("tfoot td").textContent()).toBe("+1");

      // The asset page's owner card: the new owner (Fabio) with his figure, its parts in the disclosure.
      const gp = giver.page;
      await gp.goto(`/ver-activo/${first.assetId}`);
      await gp.getByTestId("owner-name").filter({ hasText: "Fabio" }).waitFor();
      await gp.getByTestId("owner-reputation").filter({ hasText: /^3$/ }).waitFor();
      const toggle = gp.getByTestId("owner-card").getByRole("button", { name: /Reputación/ });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await gp.getByRole("list", { name: "Partes de la reputación" }).isVisible()).toBe(false);
      await toggle.focus();
      await gp.keyboard.press("Enter");
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await gp.getByTestId("owner-rep-entregasCompletadas").filter({ hasText: "1 × +3 = +3" }).waitFor();
      await gp
        .getByTestId("owner-card")
        .screenshot({ path: `${SCREENSHOT_DIR}/owner-card-reputation-${label}.png`, animations: "disabled" });
      expect(giver.errors).toEqual([]);
      expect(friend.errors).toEqual([]);
    }, 120_000);
  });
}
