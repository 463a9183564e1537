import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import {
  DESKTOP,
  expectToast,
  horizontalOverflow,
  launchBrowser,
  openPage,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
} from "./helpers.ts";
import { auth, createAsset, type Person, signedInPerson } from "./people.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";
import { VERIFIER_EMAIL } from "./verify.ts";

/*
 * Disputes on custody (issue 19 part 2): a buyer whose item arrived broken opens a dispute from
 * /custodia (motivo, descripción, a photo; the form says the team reads their chat); the custody shows
 * 'En disputa' to both parties with no code and no cancel; an admin reads it on the desk's 'Disputas'
 * tab (evidence, chat) and resolves it with a note, after a confirmation step. Desktop (release) and
 * phone (refund), each with its own people. The desk's admin is the e2e verifier of verify.ts.
 */

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A small red PNG: the photo the buyer attaches. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwC18cEtr9oH2PPOFgAET03NF/drCtAQdGhmiFsWdbxg2CMDtUMYcuyDiF80KJDNUPYssihCMY6HRwe1wey1Nhb2qQCMwAAAABJRU5ErkJggg==",
  "base64",
);

/** The desk's admin (in the e2e server's ADMIN_EMAILS), signed in on a page of its own. */
async function admin(viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await openPage(browser, viewport);
  const data = {
    name: "Vera",
    apellido: "Verificadora",
    email: VERIFIER_EMAIL,
    password: "secreto123",
    aceptaTerminos: true,
  };
  let r = await page.request.post("/api/users/register", { data });
  if (r.status() === 409) r = await page.request.post("/api/users/login", { data });
  expect(r.ok(), await r.text()).toBe(true);
  const { token, ...user } = ((await r.json()) as { data: Record<string, unknown> & { token: string } }).data;
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
  return page;
}

/** A cash sale of `title` from seller to buyer (API), and a short chat between them about it. */
async function sale(seller: Person, buyer: Person, title: string) {
  const asset = await createAsset(seller, title, "vender");
  const bought = await buyer.page.request.post("/api/transacciones/crear", {
    headers: auth(buyer),
    data: { activoId: asset.id, compradorId: buyer.id, vendedorId: seller.id, modoPago: "dinero" },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const chat = await buyer.page.request.post("/api/chat/iniciar", {
    headers: auth(buyer),
    data: { activoId: asset.id, receptorId: seller.id },
  });
  const chatId = ((await chat.json()) as { data: { _id: string } }).data._id;
  for (const [who, texto] of [
    [buyer, "¿Me lo entregas mañana en la portería?"],
    [seller, "Sí, va bien empacado."],
  ] as const) {
    const r = await who.page.request.post("/api/chat/enviar", { headers: auth(who), data: { chatId, texto } });
    expect(r.status()).toBe(200);
  }
  return asset;
}

for (const [device, tag, viewport, resultado] of [
  ["escritorio", "desk", DESKTOP, "Liberar"],
  ["teléfono", "movil", PHONE, "Reembolsar"],
] as const) {
  describe(`disputas de custodia (${device})`, () => {
    it("quien compra abre una disputa desde /custodia y un administrador la resuelve con una nota", async () => {
      const seller = await signedInPerson(browser, `disputa-vende-${tag}`, viewport, "Sara");
      const buyer = await signedInPerson(browser, `disputa-compra-${tag}`, viewport, "Beto");
      const title = `Licuadora en disputa ${tag} ${Date.now()}`;
      await sale(seller, buyer, title);

      // The buyer opens the dispute from the custody's card.
      const page = buyer.page;
      await page.goto("/custodia");
      const card = page.getByTestId("custody-card").filter({ hasText: title });
      await card.waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
      await card.getByRole("button", { name: /^Abrir disputa/ }).click();
      const dialog = page.getByRole("dialog", { name: "Abrir disputa" });
      await dialog.waitFor();
      await dialog
        .getByText("El equipo de Valoriza leerá el chat entre ustedes sobre este activo para decidir.")
        .waitFor();
      // Nothing chosen: the form says what is missing, nothing is sent.
      await dialog.getByRole("button", { name: "Abrir disputa" }).click();
      await dialog.getByText("Elige el motivo de la disputa", { exact: false }).waitFor();
      const labels = await dialog.getByLabel("Motivo").locator("option").allTextContents();
      expect(labels).toEqual([
        "Selecciona el motivo",
        "No coincide con lo publicado",
        "No me lo entregaron",
        "Llegó dañado",
        "Otro",
      ]);
      await dialog.getByLabel("Motivo").selectOption({ label: "Llegó dañado" });
      await dialog.getByLabel("Descripción").fill("Llegó con la jarra rota y el motor no enciende.");
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: "jarra.png", mimeType: "image/png", buffer: PNG });
      await dialog.getByRole("img", { name: "Foto 1: jarra.png" }).waitFor();
      await screenshot(page, `disputa-formulario-${tag}`, false);
      expect(await seriousViolations(page)).toEqual([]);
      if (tag === "movil") expect(await horizontalOverflow(page)).toBe(0);
      await dialog.getByRole("button", { name: "Abrir disputa" }).click();
      await expectToast(page, "Disputa abierta");
      await card.getByTestId("custody-state").filter({ hasText: "En disputa" }).waitFor();
      await card.getByTestId("custody-disputed").waitFor();
      expect(await card.getByRole("button", { name: /^Abrir disputa/ }).count()).toBe(0);

      // The seller sees it too: no code, no cancel.
      await seller.page.goto("/custodia");
      const sellerCard = seller.page.getByTestId("custody-card").filter({ hasText: title });
      await sellerCard
        .getByTestId("custody-state")
        .filter({ hasText: "En disputa" })
        .waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
      expect(await sellerCard.getByTestId("custody-code").count()).toBe(0);
      expect(await sellerCard.getByRole("button", { name: /^Cancelar custodia/ }).count()).toBe(0);
      await screenshot(seller.page, `disputa-custodia-${tag}`);

      // The admin reads it on the desk and resolves it, with a note and a confirmation step.
      const desk = await admin(viewport);
      await desk.goto("/admin");
      await desk.getByRole("tab", { name: "Disputas" }).click();
      const entry = desk.getByTestId("disputa").filter({ hasText: title });
      await entry.waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
      await entry.getByText("Llegó con la jarra rota y el motor no enciende.").waitFor();
      await entry.getByText("¿Me lo entregas mañana en la portería?").waitFor();
      await entry.getByText("Sí, va bien empacado.").waitFor();
      await entry.getByRole("img", { name: /^Evidencia 1/ }).waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
      await entry.getByRole("button", { name: new RegExp(`^${resultado}`) }).click();
      await entry.getByText("Escribe una nota para las partes (al menos 3 caracteres)").waitFor();
      const note = resultado === "Liberar" ? "El chat muestra la entrega acordada." : "La foto muestra la jarra rota.";
      await entry.getByLabel("Nota para las partes").fill(note);
      await entry.getByRole("button", { name: new RegExp(`^${resultado}`) }).click();
      await entry.getByText("No se puede deshacer.", { exact: false }).waitFor();
      await screenshot(desk, `disputa-escritorio-admin-${tag}`);
      expect(await seriousViolations(desk)).toEqual([]);
      if (tag === "movil") expect(await horizontalOverflow(desk)).toBe(0);
      await entry
        .getByRole("button", { name: resultado === "Liberar" ? "Confirmar liberación" : "Confirmar reembolso" })
        .click();
      await expectToast(desk, "Disputa resuelta");
      await entry.waitFor({ state: "detached", timeout: 15_000 * TIMEOUT_SCALE });

      // Both parties see the outcome, and the note in their notifications.
      await page.goto("/custodia");
      await card
        .getByTestId("custody-state")
        .filter({ hasText: resultado === "Liberar" ? "Confirmada" : "Cancelada" })
        .waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
      const told = await page.request.get("/api/notificaciones/usuario", { headers: auth(buyer) });
      const notes = ((await told.json()) as { data: { descripcion: string }[] }).data;
      expect(notes.some((n) => n.descripcion.includes(`Nota del equipo: ${note}`))).toBe(true);
      expect(buyer.errors.filter((e) => !/status of 40[19]/.test(e))).toEqual([]);
    }, 180_000);
  });
}
