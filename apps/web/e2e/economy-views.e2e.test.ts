import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGood, expectBlocked, expectNoLayoutOverflow, signUp } from "./economy.ts";
import {
  baseURL,
  DESKTOP,
  expectToast,
  launchBrowser,
  newUser,
  openPage,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
} from "./helpers.ts";

/*
 * The credit economy seen from the web: the detail, deactivating from /mis-activos, the bell,
 * /economia and /actions-demo. Registering through the wizard and searching the home feed:
 * economy.e2e.test.ts. Every test works with its own users and unique words, so it does not depend
 * on what other test files create.
 */

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("detalle, mis activos y economía", () => {
  it("muestra el detalle a un visitante con dueño y enlaces para compartir", async () => {
    const { page: owner } = await openPage(browser, DESKTOP);
    const session = await signUp(owner, newUser("dueno"));
    const { id } = await createGood(owner, session, { title: "Taladro percutor Bosch", category: "Herramientas" });

    const { page, errors } = await openPage(browser, PHONE);
    await page.goto(`/ver-activo/${id}`);
    await page.getByRole("heading", { name: "Taladro percutor Bosch", level: 1 }).waitFor();
    await page.getByTestId("owner-name").getByText("Ana Gómez").waitFor();
    expect(await page.getByTestId("own-asset-badge").count()).toBe(0);
    for (const network of ["Facebook", "WhatsApp", "Twitter", "Telegram", "LinkedIn"]) {
      // The link's name starts with its visible label (axe: label-content-name-mismatch).
      const link = page.getByRole("link", { name: new RegExp(`^${network} \\(compartir`) });
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("href")).toContain(encodeURIComponent(`/ver-activo/${id}`));
    }
    // A click gives a page the clipboard in a desktop browser; the headless shell asks for the
    // permission (ADR 031), so the test grants it and reads back what was copied.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copiar enlace" }).click();
    await page.getByRole("button", { name: "¡Enlace copiado!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL()}/ver-activo/${id}`);
    await screenshot(page, "economy-detail-phone");
    await expectNoLayoutOverflow(page);

    await page.goto("/ver-activo/00000000-0000-4000-8000-000000000000");
    await page.getByText("No se pudo cargar el activo").waitFor();
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
  });

  it("desactiva un activo desde /mis-activos y destruye sus créditos", async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    const session = await signUp(page, newUser("desactivar"));
    const { id, credits } = await createGood(page, session, { title: "Silla ergonómica", category: "Muebles" });
    expect(credits).toBe(850);
    const before = (await (await page.request.get("/api/economia/reporte")).json()) as {
      data: { creditosDestruidos: number };
    };

    await page.goto("/mis-activos");
    await expectBlocked(page, "850");
    const card = page.getByTestId("asset-card").filter({ hasText: "Silla ergonómica" });
    await card.waitFor();
    await screenshot(page, "economy-mis-activos-desktop");
    // Closing the dialog puts focus back on the button that opened it.
    const deactivate = card.getByRole("button", { name: "Desactivar Silla ergonómica" });
    await deactivate.click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(
      () => document.activeElement?.getAttribute("aria-label") === "Desactivar Silla ergonómica",
    );
    await deactivate.click();
    await dialog.waitFor();
    expect(await dialog.getByTestId("credits-to-destroy").textContent()).toBe("850 créditos");
    await page.waitForTimeout(250);
    await screenshot(page, "economy-desactivar-dialog-desktop", false);
    await dialog.getByRole("button", { name: "Desactivar y destruir créditos" }).click();
    await expectToast(page, "Activo desactivado", "850 créditos");
    await card.waitFor({ state: "detached" });
    await expectBlocked(page, "0");
    await page.getByText("Aún no tienes activos registrados.").waitFor();

    // The movement and the wallet show it; registering and destroying changed blocked credits only,
    // and the registration has one name in the three histories.
    await page.getByRole("tab", { name: "Movimientos" }).click();
    await page.getByText(/se destruyeron 850 créditos/).waitFor();
    const movements = page.getByRole("list", { name: "Movimientos" });
    expect(await movements.locator("[data-blocked]").allTextContents()).toEqual(["−850 bloqueados", "850 bloqueados"]);
    await movements.getByText("Registro de activo").waitFor();
    expect(await movements.getByText("+850").count()).toBe(0);
    await page.getByRole("tab", { name: "Wallet" }).click();
    await page.getByTestId("wallet-bloqueados").filter({ hasText: /^0$/ }).waitFor();
    const wallet = page.getByRole("list", { name: "Últimas transacciones de la wallet" });
    await wallet.getByText("Registro de activo").waitFor();
    expect(await wallet.locator("[data-blocked]").allTextContents()).toEqual(["−850 bloqueados", "850 bloqueados"]);
    await page.getByRole("button", { name: "Sincronizar" }).click();
    await expectToast(page, "Wallet sincronizada");
    await page.getByRole("tab", { name: "Actividad" }).click();
    await page.getByLabel("Tipo de transacción").selectOption("registro");
    await page.getByText(/Registro de activo · Silla ergonómica/).waitFor();
    expect(await page.getByRole("list", { name: "Transacciones" }).locator("[data-blocked]").allTextContents()).toEqual(
      ["850 bloqueados"],
    );

    const after = (await (await page.request.get("/api/economia/reporte")).json()) as {
      data: { creditosDestruidos: number };
    };
    expect(after.data.creditosDestruidos - before.data.creditosDestruidos).toBeGreaterThanOrEqual(850);

    // The deactivated asset cannot be deactivated again: the server's reason is shown.
    const again = await page.request.put(`/api/activos/desactivar/${id}`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(again.status()).toBe(409);
    expect(errors).toEqual([]);
  });

  it("avisa con la campana y marca las notificaciones como leídas", async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    const session = await signUp(page, newUser("campana"));
    const { id } = await createGood(page, session, { title: "Lámpara de pie", category: "Arte y Decoración" });
    await page.reload();
    const bell = page.getByTestId("notifications-bell");
    await page.getByTestId("notifications-badge").filter({ hasText: /^1$/ }).waitFor();
    await bell.click();
    const panel = page.getByRole("region", { name: "Notificaciones" });
    await panel.getByText("Activo registrado").waitFor();
    await screenshot(page, "economy-campana-desktop", false);
    await panel.getByRole("button", { name: /Activo registrado/ }).click();
    await page.waitForURL(`**/ver-activo/${id}`);
    await page.getByTestId("notifications-badge").waitFor({ state: "detached" });
    await bell.click();
    expect(await page.getByRole("button", { name: "Marcar todas como leídas" }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("muestra el reporte de /economia equilibrado", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto("/economia");
      await page.getByRole("heading", { name: "Economía de Valoriza" }).waitFor();
      await page.getByTestId("balance-check").getByText("Equilibrado").waitFor();
      expect(await page.getByTestId("tasa-cambio").textContent()).toBe("1 crédito = $1.000 COP");
      for (const label of [
        "Créditos en circulación",
        "Créditos emitidos",
        "Créditos destruidos",
        "Usuarios totales",
        "Activos totales",
        "Créditos promedio por usuario",
      ]) {
        await page.getByText(label, { exact: true }).waitFor();
      }
      const time = page.locator("time").filter({ hasText: /\d/ }).first();
      expect(await time.textContent()).toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
      await page.getByRole("img", { name: /Créditos emitidos y destruidos por día/ }).waitFor();
      await screenshot(page, viewport === DESKTOP ? "economy-economia-desktop" : "economy-economia-phone");
      if (viewport === PHONE) await expectNoLayoutOverflow(page);
      expect(errors).toEqual([]);
    }
  });

  it("documenta la matriz de acciones en /actions-demo", async () => {
    const { page } = await openPage(browser, PHONE);
    await page.goto("/actions-demo");
    await page.getByRole("heading", { name: "Matriz de acciones" }).waitFor();
    await page.getByText("Dinero", { exact: true }).first().click();
    await page.getByRole("heading", { name: "Acciones para dinero" }).waitFor();
    await page.getByTestId("action-vender").getByText("No permitida").waitFor();
    await page.getByTestId("action-prestar").getByText("Permitida", { exact: true }).waitFor();
    await expectNoLayoutOverflow(page);
  });
});
