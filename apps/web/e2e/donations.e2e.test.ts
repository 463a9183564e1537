import { mkdirSync } from "node:fs";
import { DONATION_MSG } from "@valoriza/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { auth, createAsset, expectHeader, type Person, person as signUpPerson } from "./people.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";

/*
 * Gifts and donations (issue 9): a gift sent from /regalar is accepted by its recipient, who becomes
 * the owner; the giver's blocked credits are released. A community donation is claimed from /status
 * and from its asset page (the first claim wins); a gift is accepted from its asset page, where only
 * its recipient sees it. Desktop and phone.
 */

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  describe(`gifts on ${label}`, () => {
    it("a gift is sent by e-mail and accepted: the owner changes and the giver's hold is released", async () => {
      const giver = await signUpPerson(browser, `giver-${label}`, viewport, "Gabi");
      const friend = await signUpPerson(browser, `friend-${label}`, viewport, "Fede");
      const title = `Guitarra ${label}`;
      const asset = await createAsset(giver, title, "regalar");

      const gp = giver.page;
      // The list failing to load has a title and 'Reintentar', as in /custodia (issue 15 item 16).
      await gp.route("**/api/donations", (route) =>
        route.request().method() === "GET"
          ? route.fulfill({
              status: 500,
              contentType: "application/json",
              body: JSON.stringify({ success: false, message: "Error interno", code: "INTERNAL", requestId: "e2e" }),
            })
          : route.continue(),
      );
      await gp.goto("/regalar");
      const failed = gp.getByRole("alert").filter({ hasText: "No pudimos cargar tus regalos" });
      await failed.waitFor();
      await gp.unroute("**/api/donations");
      await failed.getByRole("button", { name: "Reintentar" }).click();
      await gp.getByText("Aún no tienes regalos.").waitFor();
      await gp.getByRole("heading", { name: "Regalar", level: 1 }).waitFor();
      await gp.getByTestId("deal-user-name").filter({ hasText: "Gabi" }).waitFor();
      await expectHeader(gp, "creditos-bloqueados", asset.credits);
      await gp.getByLabel("Activo", { exact: true }).selectOption({ label: title });
      await gp.getByLabel("Mensaje").fill("¡Feliz cumpleaños!");
      await gp.getByRole("button", { name: "Enviar regalo" }).click();
      await gp.getByText("Debes especificar el destinatario del regalo.").waitFor();
      await gp.getByLabel("Correo del destinatario").fill(friend.user.email);
      await gp.getByRole("button", { name: "Buscar" }).click();
      await gp.getByTestId("donation-recipient").filter({ hasText: "Fede" }).waitFor();
      // The focus moves to who was found, not to the page body (issue 15 item 15).
      expect(await gp.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("donation-recipient");
      await gp.getByRole("button", { name: "Enviar regalo" }).click();
      await expectToast(gp, "Regalo enviado");
      const card = gp.getByTestId("donation-card").filter({ hasText: title });
      await card.getByText("Para: Fede").waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
      await card.getByText("¡Feliz cumpleaños!").waitFor();
      expect(await card.getByTestId("donation-status").textContent()).toBe("Pendiente");

      const fp = friend.page;
      await fp.goto("/regalar");
      const theirs = fp.getByTestId("donation-card").filter({ hasText: title });
      await theirs.getByRole("button", { name: "Aceptar" }).click();
      // A gift is received as a gift, not as a donation (issue 15 item 13).
      await expectToast(fp, "Regalo recibido: el activo ya es tuyo");
      await theirs
        .getByTestId("donation-status")
        .filter({ hasText: "Aceptado" })
        .waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
      await screenshot(fp, `gifts-${label}-accepted`);

      const detail = await fp.request.get(`/api/activos/${asset.id}`);
      const owner = ((await detail.json()) as { data: { userId: { _id: string } | string } }).data.userId;
      expect(typeof owner === "string" ? owner : owner._id).toBe(friend.id);
      await gp.reload();
      await expectHeader(gp, "creditos-bloqueados", 0);
      await expectHeader(gp, "creditos-disponibles", asset.credits);
      // Only the list's failure this test injected above.
      expect(giver.errors.filter((e) => !e.includes("status of 500"))).toEqual([]);
      expect(friend.errors).toEqual([]);
    }, 180_000);
  });

  describe(`community donation on ${label}`, () => {
    it("is claimed from /status with 'Reclamar' and becomes the claimer's", async () => {
      const donor = await signUpPerson(browser, `donor-${label}`, viewport, "Dora");
      const claimer = await signUpPerson(browser, `claimer-${label}`, viewport, "Caro");
      const title = `Libros ${label} ${Date.now()}`;
      const asset = await createAsset(donor, title, "donar");
      const r = await donor.page.request.post("/api/donations", {
        headers: auth(donor),
        data: { donorId: donor.id, assetId: asset.id, message: "Para quien los necesite" },
      });
      expect(r.status(), await r.text()).toBe(201);

      const cp = claimer.page;
      await cp.goto("/status");
      await cp.getByRole("heading", { name: "Estado de Valoriza", level: 1 }).waitFor();
      await cp.getByText("v4.7.2").waitFor();
      await cp.getByText("v6.3.2").waitFor();
      await cp.getByTestId("stat-Transacciones").filter({ hasText: /^\d/ }).waitFor();
      expect(await cp.getByRole("main").getByRole("link", { name: "Valorizar Activo" }).count()).toBe(1);
      const card = cp.getByTestId("community-donation").filter({ hasText: title });
      await card.getByRole("button", { name: "Reclamar" }).click();
      await cp.getByText("¡Reclamaste la donación! El activo ya es tuyo").first().waitFor();
      await card.waitFor({ state: "detached", timeout: 15_000 * TIMEOUT_SCALE });
      const detail = await cp.request.get(`/api/activos/${asset.id}`);
      const owner = ((await detail.json()) as { data: { userId: { _id: string } | string } }).data.userId;
      expect(typeof owner === "string" ? owner : owner._id).toBe(claimer.id);
      await screenshot(cp, `status-${label}-claimed`);
      expect(claimer.errors).toEqual([]);
    }, 180_000);
  });
}

async function donate(donor: Person, assetId: string, message: string, recipientId?: string) {
  const r = await donor.page.request.post("/api/donations", {
    headers: auth(donor),
    data: { donorId: donor.id, assetId, message, ...(recipientId ? { recipientId, kind: "regalo" } : {}) },
  });
  expect(r.status(), await r.text()).toBe(201);
  return ((await r.json()) as { data: { _id: string } }).data._id;
}

/** The asset page, loaded, with the owner card showing `owner`. */
async function openAssetPage(page: Page, assetId: string, owner: string) {
  await page.goto(`/ver-activo/${assetId}`);
  await page
    .getByTestId("owner-name")
    .filter({ hasText: owner })
    .waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
}

/** A picture of one state of the asset page's donation panel (by its test id). */
const panelShot = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, animations: "disabled" });

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  describe(`the asset page of a donation on ${label}`, () => {
    it("a community donation is claimed with 'Reclamar': the first claim wins and the owner changes", async () => {
      const donor = await signUpPerson(browser, `pdonor-${label}`, viewport, "Dora");
      const claimer = await signUpPerson(browser, `pclaim-${label}`, viewport, "Camila");
      const late = await signUpPerson(browser, `plate-${label}`, viewport, "Tadeo");
      const title = `Mesa plegable ${label}`;
      const asset = await createAsset(donor, title, "donar");
      await donate(donor, asset.id, "Para quien la necesite");

      // Signed out: the donation is public; 'Reclamar' asks to sign in first.
      const visitor = await openPage(browser, viewport);
      await openAssetPage(visitor.page, asset.id, "Dora");
      const open = visitor.page.getByTestId("donation-panel");
      await open.getByText("Donación comunitaria").waitFor();
      await open.getByText("Para quien la necesite").waitFor();
      await panelShot(visitor.page, "donation-panel", `asset-donation-${label}-visitor`);
      await open.getByRole("button", { name: "Reclamar" }).click();
      await expectToast(visitor.page, "Inicia sesión primero");
      await visitor.page.getByRole("dialog", { name: "Iniciar Sesión" }).waitFor();
      await visitor.page.close();

      // The donor (the owner) sees its state and where to manage it, and no 'Reclamar'.
      const dp = donor.page;
      await openAssetPage(dp, asset.id, "Dora");
      await dp.getByText("Tu donación comunitaria está pendiente").waitFor();
      expect(await dp.getByRole("link", { name: "Gestionar en Donar" }).getAttribute("href")).toBe("/donar");
      expect(await dp.getByRole("button", { name: "Reclamar" }).count()).toBe(0);
      await panelShot(dp, "donation-owner-panel", `asset-donation-${label}-donor`);
      await expectHeader(dp, "creditos-bloqueados", asset.credits);

      // Two people open the confirmation; the first to confirm wins.
      const lp = late.page;
      await openAssetPage(lp, asset.id, "Dora");
      await lp.getByTestId("donation-panel").getByRole("button", { name: "Reclamar" }).click();
      await lp.getByRole("heading", { name: "Confirmar reclamo" }).waitFor();

      const cp = claimer.page;
      await openAssetPage(cp, asset.id, "Dora");
      await cp.getByTestId("donation-panel").getByRole("button", { name: "Reclamar" }).click();
      const confirm = cp.getByTestId("donation-confirm");
      await confirm.getByRole("heading", { name: "Confirmar reclamo" }).waitFor();
      expect(await horizontalOverflow(cp)).toBeLessThanOrEqual(0);
      await panelShot(cp, "donation-confirm", `asset-donation-${label}-confirm`);
      await confirm.getByRole("button", { name: "Confirmar" }).click();
      await expectToast(cp, DONATION_MSG.claimed);
      // The page reads the asset again: the claimer is the owner now.
      await cp
        .getByTestId("owner-name")
        .filter({ hasText: "Camila" })
        .waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
      await cp.getByText("Este es tu activo").waitFor();
      await screenshot(cp, `asset-donation-${label}-claimed`);

      await lp.getByTestId("donation-confirm").getByRole("button", { name: "Confirmar" }).click();
      await expectToast(lp, DONATION_MSG.alreadyClaimed);
      // Claimed, the asset is its new owner's and unlisted: no action is offered any more (issue 15 item 10).
      await lp.getByTestId("asset-unlisted").waitFor();
      expect(await lp.getByRole("button", { name: "Reclamar" }).count()).toBe(0);
      await screenshot(lp, `asset-donation-${label}-lost`);

      // The donor's hold went back to them.
      await dp.reload();
      await expectHeader(dp, "creditos-bloqueados", 0);
      await expectHeader(dp, "creditos-disponibles", asset.credits);
      expect(donor.errors).toEqual([]);
      expect(claimer.errors).toEqual([]);
      // The losing claim's 409 is logged by the browser as a failed request, nothing else.
      expect(late.errors.filter((e) => !e.includes("409"))).toEqual([]);
    }, 180_000);

    it("a gift is accepted from its asset page by its recipient only; the owner and reputation change", async () => {
      const giver = await signUpPerson(browser, `pgiver-${label}`, viewport, "Gabriela");
      const friend = await signUpPerson(browser, `pfriend-${label}`, viewport, "Federico");
      const stranger = await signUpPerson(browser, `pstranger-${label}`, viewport, "Samuel");
      const title = `Acordeón ${label}`;
      const asset = await createAsset(giver, title, "regalar");
      await donate(giver, asset.id, "¡Feliz grado!", friend.id);

      // Anyone else learns only that it is reserved.
      const sp = stranger.page;
      await openAssetPage(sp, asset.id, "Gabriela");
      await sp.getByText("Este regalo es para otra persona").waitFor();
      const strangerPanel = (await sp.getByRole("main").textContent()) ?? "";
      expect(strangerPanel).not.toContain("Federico");
      expect(strangerPanel).not.toContain("¡Feliz grado!");
      expect(await sp.getByRole("button", { name: "Aceptar" }).count()).toBe(0);
      await panelShot(sp, "donation-reserved", `asset-gift-${label}-reserved`);

      // The giver sees the pending gift, its recipient, and the way to /regalar.
      const gp = giver.page;
      await openAssetPage(gp, asset.id, "Gabriela");
      await gp.getByText("Tu regalo está pendiente").waitFor();
      await gp.getByText("Esperando a que Federico lo acepte.").waitFor();
      expect(await gp.getByRole("link", { name: "Gestionar en Regalar" }).getAttribute("href")).toBe("/regalar");

      // The recipient: the owner card shows the giver's reputation, then 'Aceptar' through its confirmation.
      const fp = friend.page;
      await openAssetPage(fp, asset.id, "Gabriela");
      await fp.getByTestId("owner-reputation").filter({ hasText: /^0$/ }).waitFor();
      const panel = fp.getByTestId("donation-panel");
      await panel.getByText("Regalo para ti").waitFor();
      await panel.getByText("¡Feliz grado!").waitFor();
      expect(await horizontalOverflow(fp)).toBeLessThanOrEqual(0);
      await panelShot(fp, "donation-panel", `asset-gift-${label}-panel`);
      await panel.getByRole("button", { name: "Aceptar" }).click();
      const confirm = fp.getByTestId("donation-confirm");
      await confirm.getByRole("heading", { name: "Confirmar aceptación" }).waitFor();
      await confirm.getByRole("button", { name: "Confirmar" }).click();
      // A gift is received as a gift (issue 15 item 13).
      await expectToast(fp, DONATION_MSG.giftAccepted);
      await fp
        .getByTestId("owner-name")
        .filter({ hasText: "Federico" })
        .waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
      // A completed handover: +3 for both parties, shown on the (new) owner's card without a reload.
      await fp
        .getByTestId("owner-reputation")
        .filter({ hasText: /^3$/ })
        .waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
      await fp.getByRole("button", { name: /Reputación/ }).click();
      const parts = fp.getByRole("list", { name: "Partes de la reputación" });
      await parts.getByTestId("owner-rep-entregasCompletadas").filter({ hasText: "1 × +3 = +3" }).waitFor();
      expect(await fp.getByRole("button", { name: /Reputación/ }).getAttribute("aria-expanded")).toBe("true");
      await screenshot(fp, `asset-gift-${label}-accepted`);

      await gp.reload();
      await gp
        .getByTestId("owner-name")
        .filter({ hasText: "Federico" })
        .waitFor({ timeout: 15_000 * TIMEOUT_SCALE });
      await expectHeader(gp, "creditos-bloqueados", 0);
      await expectHeader(gp, "creditos-disponibles", asset.credits);
      expect(giver.errors).toEqual([]);
      expect(friend.errors).toEqual([]);
      expect(stranger.errors).toEqual([]);
    }, 180_000);
  });
}
