import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import {
  DESKTOP,
  expectToast,
  horizontalOverflow,
  launchBrowser,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
} from "./helpers.ts";
import { auth, createAsset, type Person, signedInPerson } from "./people.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";

/*
 * Reviews (issue 19): after a sale handed over, both parties review each other in /calificaciones
 * (stars by keyboard, a comment), nobody sees the other's review until both did, and the reviews show
 * on each one's public profile (/usuarios/{id}), reached from the owner card of the asset page.
 */

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A sale paid in cash, handed over with the code (through the API: the review is what is tested here). */
async function completedSale(seller: Person, buyer: Person, title: string) {
  const asset = await createAsset(seller, title, "vender");
  const buy = await buyer.page.request.post("/api/transacciones/crear", {
    headers: auth(buyer),
    data: { activoId: asset.id, compradorId: buyer.id, vendedorId: seller.id, modoPago: "dinero", monto: 500_000 },
  });
  expect(buy.status(), await buy.text()).toBe(201);
  const list = await seller.page.request.get("/api/custodia/mis-custodias", { headers: auth(seller) });
  const custodies = ((await list.json()) as { data: { codigoConfirmacion?: string; activoId?: unknown }[] }).data;
  const code = custodies.find((c) => c.codigoConfirmacion)?.codigoConfirmacion ?? "";
  const confirm = await buyer.page.request.put(`/api/custodia/confirmar/${code}`, { headers: auth(buyer) });
  expect(confirm.status(), await confirm.text()).toBe(200);
}

/** In /calificaciones: `stars` chosen with the keyboard (Tab to the group, arrows), a comment, send. */
async function review(p: Person, otherName: string, stars: number, comment: string, shot?: string) {
  const page = p.page;
  await page.goto("/calificaciones");
  const card = page.getByTestId("pending-review").filter({ hasText: otherName });
  await card.waitFor({ timeout: 20_000 * TIMEOUT_SCALE });
  const first = card.getByRole("radio", { name: /^1 estrella/ });
  await first.focus();
  await page.keyboard.press("Space");
  for (let i = 1; i < stars; i++) await page.keyboard.press("ArrowRight");
  expect(await card.getByRole("radio", { name: new RegExp(`^${stars} estrellas?`) }).isChecked()).toBe(true);
  await card.getByLabel("Comentario").fill(comment);
  await card.getByText(`${(1000 - comment.length).toLocaleString("es-CO")} caracteres disponibles`).waitFor();
  if (shot) {
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shot);
  }
  await card.getByRole("button", { name: "Enviar calificación" }).click();
  await expectToast(page, "Calificación enviada");
  await card.waitFor({ state: "detached" });
}

for (const [device, tag, viewport] of [
  ["escritorio", "desk", DESKTOP],
  ["teléfono", "movil", PHONE],
] as const) {
  describe(`calificaciones (${device})`, () => {
    it("ambas partes califican tras una venta y ven las calificaciones en el perfil público", async () => {
      const stamp = Date.now().toString(36);
      const ana = await signedInPerson(browser, `resena-vende-${tag}`, viewport, `Ana ${stamp}`);
      const beto = await signedInPerson(browser, `resena-compra-${tag}`, viewport, `Beto ${stamp}`);
      await completedSale(ana, beto, `Taladro ${stamp}`);

      // The buyer reviews first: saved, hidden until the seller reviews.
      await review(beto, `Ana ${stamp}`, 4, "Entrega puntual y el taladro como en las fotos.", `reviews-form-${tag}`);
      await beto.page.getByText("No tienes calificaciones pendientes").waitFor();
      await ana.page.goto(`/usuarios/${ana.id}`);
      await ana.page.getByRole("heading", { name: `Ana ${stamp}` }).waitFor();
      await ana.page.getByText("Todavía no tiene calificaciones publicadas.").waitFor();
      // One's own profile offers neither reporting nor blocking oneself.
      expect(await ana.page.getByRole("button", { name: /^Reportar perfil/ }).count()).toBe(0);

      // The seller reviews: both are published.
      await review(ana, `Beto ${stamp}`, 5, "Comprador amable, pagó al recibir.");

      // The buyer finds the seller from the owner card of another of her assets, and her profile.
      const other = await createAsset(ana, `Sierra ${stamp}`, "vender");
      await beto.page.goto(`/ver-activo/${other.id}`);
      const owner = beto.page.getByTestId("owner-card");
      await owner
        .getByTestId("review-average")
        .filter({ hasText: "4" })
        .waitFor({ timeout: 20_000 * TIMEOUT_SCALE });
      await owner.getByText("1 calificación").waitFor();
      // The deal panel above the owner card comes after the first paint: once it is in place the
      // card no longer moves under the pointer (a click during the move missed the link, CI 2026-11-30).
      await beto.page.getByRole("status", { name: "Cargando acciones" }).waitFor({ state: "detached" });
      await owner.getByRole("link", { name: `Ana ${stamp}` }).click();
      await beto.page.waitForURL(`**/usuarios/${ana.id}`);
      await beto.page.getByRole("heading", { name: `Ana ${stamp}` }).waitFor();
      await beto.page.getByTestId("verified-badge").waitFor();
      expect(await beto.page.getByTestId("profile-average").textContent()).toBe("4");
      const item = beto.page.getByTestId("review-item");
      await item.getByText("Entrega puntual y el taladro como en las fotos.").waitFor();
      await item.getByRole("link", { name: `Beto ${stamp}` }).waitFor();
      await beto.page.getByRole("heading", { name: `Sierra ${stamp}` }).waitFor();
      expect(await beto.page.getByTestId("profile-reputation").textContent()).toMatch(/^3/);
      if (device === "teléfono") expect(await horizontalOverflow(beto.page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(beto.page)).toEqual([]);
      await screenshot(beto.page, `reviews-profile-${tag}`);

      // Someone else's profile: 'Bloquear' and 'Reportar perfil' (issue 19 parts 3 and 4).
      await beto.page.getByRole("button", { name: new RegExp(`^Bloquear.*Ana ${stamp}`) }).waitFor();
      await beto.page.getByRole("button", { name: `Reportar perfil: Perfil de Ana ${stamp}` }).click();
      const reportDialog = beto.page.getByRole("dialog", { name: "Reportar a esta persona" });
      await reportDialog.getByLabel("Motivo").selectOption({ label: "Fraude o estafa" });
      await reportDialog.getByRole("button", { name: "Enviar reporte" }).click();
      await expectToast(beto.page, "Gracias, revisaremos tu reporte.");

      // The buyer's profile shows the seller's review of him.
      await ana.page.goto(`/usuarios/${beto.id}`);
      await ana.page.getByTestId("review-item").getByText("Comprador amable, pagó al recibir.").waitFor();
      expect(await ana.page.getByTestId("profile-average").textContent()).toBe("5");
      expect([...ana.errors, ...beto.errors]).toEqual([]);
    });
  });
}
