import { mkdirSync } from "node:fs";
import { formatCredits } from "@valoriza/domain";
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
 * Loans (issue 9): a borrower requests a loan with a credit guarantee in /prestar, the lender
 * approves and confirms the return; both see credits and reputation change. Desktop and phone.
 */

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Gives `p` spendable credits: a custody of one of p's assets confirmed by `other` releases its hold. */
async function fund(p: Person, other: Person, title: string): Promise<number> {
  const a = await createAsset(p, title, "intercambiar");
  const r = await p.page.request.post("/api/custodia/asignar", {
    headers: auth(p),
    data: { assetId: a.id, receptorId: other.id, tipoTransaccion: "prestamo", notas: "" },
  });
  expect(r.status(), await r.text()).toBe(201);
  const code = ((await r.json()) as { custodia: { codigoConfirmacion: string } }).custodia.codigoConfirmacion;
  const c = await other.page.request.put(`/api/custodia/confirmar/${code}`, { headers: auth(other) });
  expect(c.status(), await c.text()).toBe(200);
  return a.credits;
}

async function reputation(page: Page, n: number) {
  await page
    .getByTestId("my-reputation")
    .filter({ hasText: new RegExp(`^${n}$`) })
    .waitFor({ timeout: 20_000 * TIMEOUT_SCALE });
}

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  describe(`loans on ${label}`, () => {
    it("a borrower requests with a credit guarantee, the lender approves and confirms the return", async () => {
      const lender = await signUpPerson(browser, `lender-${label}`, viewport, "Laura");
      const borrower = await signUpPerson(browser, `borrower-${label}`, viewport, "Beto");
      const funds = await fund(borrower, lender, `Bicicleta ${label}`);
      expect(funds).toBeGreaterThan(100);
      const title = `Taladro ${label}`;
      await createAsset(lender, title, "prestar");

      // Signed out: the spec's message.
      const visitor = await openPage(browser, viewport);
      await visitor.page.goto("/prestar");
      await visitor.page.getByText("Debes iniciar sesión para ver y gestionar préstamos.").waitFor();
      await visitor.page.close();

      // The borrower asks.
      const bp = borrower.page;
      await bp.goto("/prestar");
      await bp.getByRole("heading", { name: "Préstamos", level: 1 }).waitFor();
      await bp.getByTestId("deal-user-name").filter({ hasText: "Beto" }).waitFor();
      await bp.getByRole("button", { name: "Salir" }).first().waitFor();
      // The funding handover (a confirmed custody) already gave both 3 points.
      await reputation(bp, 3);
      await bp.getByRole("button", { name: "Solicitar Préstamo" }).click();
      const dialog = bp.getByRole("dialog", { name: "Solicitar Préstamo" });
      await dialog.getByRole("button", { name: "Solicitar Préstamo" }).click();
      await dialog.getByText("Por favor completa el activo y el email del prestamista.").waitFor();
      await dialog.getByLabel("Email del prestamista").fill(`nadie.${Date.now()}@valoriza.test`);
      await dialog.getByRole("button", { name: "Buscar" }).click();
      await dialog.getByText("Prestamista no encontrado").waitFor();
      await dialog.getByLabel("Email del prestamista").fill(lender.user.email);
      await dialog.getByRole("button", { name: "Buscar" }).click();
      await dialog.getByTestId("loan-lender").filter({ hasText: "Laura" }).waitFor();
      // The focus moves to the lender found, not to the page body (issue 15 item 15).
      expect(await bp.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("loan-lender");
      expect(await dialog.getByLabel("Plazo (días)").inputValue()).toBe("7");
      expect(await dialog.getByLabel("Interés (%)").inputValue()).toBe("0");
      expect(await dialog.getByLabel("Tipo de garantía").inputValue()).toBe("creditos_bloqueados");
      await dialog.getByLabel("Activo").selectOption({ label: title });
      // The interest in credits shows before sending (issue 15 item 12).
      const interest = dialog.getByTestId("loan-interest-credits");
      await interest.getByText("Sin interés").waitFor();
      await dialog.getByLabel("Interés (%)").fill("10");
      await interest.getByText(/^Interés: \d+ créditos? \(10 % de los [\d.]+ créditos del activo\)/).waitFor();
      await dialog.getByLabel("Interés (%)").fill("0");
      await dialog.getByRole("button", { name: "Solicitar Préstamo" }).click();
      await dialog.getByText("Debes especificar la cantidad de créditos a bloquear.").waitFor();
      await dialog.getByLabel("Valor de la garantía (créditos)").fill("100");
      await dialog.getByLabel("Notas").fill("Lo devuelvo el domingo");
      await dialog.getByRole("button", { name: "Solicitar Préstamo" }).click();
      await expectToast(bp, "Solicitud de préstamo enviada");
      const myCard = bp.getByTestId("loan-card").filter({ hasText: title });
      await myCard.waitFor();
      expect(await myCard.getByTestId("loan-state").textContent()).toBe("Pendiente");
      await myCard.getByText("Laura").waitFor();
      await myCard.getByText("Lo devuelvo el domingo").waitFor();
      await bp.getByRole("tab", { name: "Mis Préstamos (1)" }).waitFor();
      expect(await horizontalOverflow(bp)).toBeLessThanOrEqual(0);

      // The lender approves.
      const lp = lender.page;
      await lp.goto("/prestar");
      await lp.getByRole("tab", { name: "Como Prestamista (1)" }).click();
      const lenderCard = lp.getByTestId("loan-card").filter({ hasText: title });
      await lenderCard.getByText("Beto").waitFor();
      await lenderCard.getByRole("button", { name: "Aprobar" }).click();
      await lenderCard.getByTestId("loan-state").filter({ hasText: "Activo" }).waitFor();
      // Not overdue yet: no 'Marcar como vencido'.
      expect(await lenderCard.getByRole("button", { name: "Marcar como vencido" }).count()).toBe(0);
      await screenshot(lp, `loans-${label}-lender-active`);

      await bp.reload();
      await expectHeader(bp, "creditos-disponibles", funds - 100);
      await expectHeader(bp, "creditos-bloqueados", 100);
      await myCard.getByTestId("loan-state").filter({ hasText: "Activo" }).waitFor();

      // The lender confirms the return: guarantee back, both gain reputation.
      await lenderCard.getByRole("button", { name: "Confirmar devolución" }).click();
      await lenderCard.getByTestId("loan-state").filter({ hasText: "Devuelto" }).waitFor();
      await reputation(lp, 8);
      await bp.reload();
      await expectHeader(bp, "creditos-disponibles", funds);
      await expectHeader(bp, "creditos-bloqueados", 0);
      await reputation(bp, 8);
      await screenshot(bp, `loans-${label}-borrower-returned`);
      expect(borrower.errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
      expect(lender.errors).toEqual([]);
    }, 180_000);
  });
}

describe("loan guaranteed by an asset (activo colateral)", () => {
  it("the borrower leaves one of their assets as the guarantee: reserved while active, freed at the return", async () => {
    const lender = await signUpPerson(browser, "lender-collateral", PHONE, "Lorena");
    const borrower = await signUpPerson(browser, "borrower-collateral", PHONE, "Bernardo");
    const lent = "Proyector Epson";
    await createAsset(lender, lent, "prestar");
    const collateral = await createAsset(borrower, "Consola de videojuegos", "vender");
    const collateralStatus = async () => {
      const r = await borrower.page.request.get(`/api/activos/${collateral.id}`);
      return ((await r.json()) as { data: { status: string } }).data.status;
    };

    const bp = borrower.page;
    await bp.goto("/prestar");
    await bp.getByRole("button", { name: "Solicitar Préstamo" }).click();
    const dialog = bp.getByRole("dialog", { name: "Solicitar Préstamo" });
    await dialog.getByLabel("Email del prestamista").fill(lender.user.email);
    await dialog.getByRole("button", { name: "Buscar" }).click();
    await dialog.getByTestId("loan-lender").filter({ hasText: "Lorena" }).waitFor();
    await dialog.getByLabel("Activo", { exact: true }).selectOption({ label: lent });
    await dialog.getByLabel("Tipo de garantía").selectOption({ label: "Activo colateral" });
    // Without choosing the asset: the message, nothing sent.
    await dialog.getByRole("button", { name: "Solicitar Préstamo" }).click();
    await dialog.getByText("Debes elegir el activo que dejas como garantía.").waitFor();
    const select = dialog.getByLabel("Activo en garantía");
    await select.locator("option", { hasText: "Consola de videojuegos" }).waitFor({ state: "attached" });
    await select.selectOption({ label: `Consola de videojuegos (${formatCredits(collateral.credits)} créditos)` });
    // The guarantee's value is the asset's credits, shown and not editable.
    const value = dialog.getByLabel("Valor de la garantía (créditos)");
    expect(await value.isDisabled()).toBe(true);
    expect(await value.inputValue()).toBe(String(collateral.credits));
    expect(await horizontalOverflow(bp)).toBeLessThanOrEqual(0);
    await dialog.getByRole("button", { name: "Solicitar Préstamo" }).click();
    await expectToast(bp, "Solicitud de préstamo enviada");
    const myCard = bp.getByTestId("loan-card").filter({ hasText: lent });
    await myCard.getByTestId("loan-collateral").filter({ hasText: "Consola de videojuegos" }).waitFor();
    await myCard.getByText("Activo colateral").waitFor();
    // Pending: nothing reserved yet.
    expect(await collateralStatus()).toBe("disponible");

    // The lender approves: the collateral is reserved.
    const lp = lender.page;
    await lp.goto("/prestar");
    await lp.getByRole("tab", { name: "Como Prestamista (1)" }).click();
    const lenderCard = lp.getByTestId("loan-card").filter({ hasText: lent });
    await lenderCard.getByTestId("loan-collateral").filter({ hasText: "Consola de videojuegos" }).waitFor();
    await lenderCard.getByRole("button", { name: "Aprobar" }).click();
    await lenderCard.getByTestId("loan-state").filter({ hasText: "Activo" }).waitFor();
    expect(await collateralStatus()).toBe("operacion");
    await screenshot(lp, "loans-collateral-lender-active");

    // The return frees it.
    await lenderCard.getByRole("button", { name: "Confirmar devolución" }).click();
    await lenderCard.getByTestId("loan-state").filter({ hasText: "Devuelto" }).waitFor();
    expect(await collateralStatus()).toBe("disponible");
    await bp.reload();
    await myCard.getByTestId("loan-state").filter({ hasText: "Devuelto" }).waitFor();
    await screenshot(bp, "loans-collateral-borrower-returned");
    expect(borrower.errors).toEqual([]);
    expect(lender.errors).toEqual([]);
  }, 120_000);
});

describe("loan from the asset page", () => {
  it("'Solicitar préstamo' on a prestar asset sends the request to its owner", async () => {
    const lender = await signUpPerson(browser, "lender-asset", DESKTOP, "Lina");
    const borrower = await signUpPerson(browser, "borrower-asset", DESKTOP, "Bruno");
    await fund(borrower, lender, "Patineta");
    const asset = await createAsset(lender, "Carpa para 4", "prestar");
    const bp = borrower.page;
    await bp.goto(`/ver-activo/${asset.id}`);
    await bp.getByRole("button", { name: "Solicitar préstamo" }).click();
    const panel = bp.getByRole("form", { name: "Confirmar préstamo" });
    expect(await panel.getByLabel("Plazo (días)").inputValue()).toBe("7");
    await panel.getByRole("button", { name: "Solicitar préstamo" }).click();
    await panel.getByText("Debes especificar la cantidad de créditos a bloquear.").waitFor();
    await panel.getByLabel("Créditos a bloquear como garantía").fill("50");
    await panel.getByRole("button", { name: "Solicitar préstamo" }).click();
    await expectToast(bp, "Solicitud de préstamo enviada");
    await bp.getByRole("link", { name: "Préstamos" }).first().click();
    const card = bp.getByTestId("loan-card").filter({ hasText: "Carpa para 4" });
    await card.getByTestId("loan-state").filter({ hasText: "Pendiente" }).waitFor();
    await card.getByText("Lina").waitFor();
    expect(borrower.errors).toEqual([]);
  }, 120_000);
});
