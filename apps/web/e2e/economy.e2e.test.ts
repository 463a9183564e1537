import { mkdirSync } from "node:fs";
import { currentYearInColombia, valuateGood } from "@valoriza/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGood, expectBlocked, expectNoLayoutOverflow, signUp } from "./economy.ts";
import {
  DESKTOP,
  expectToast,
  launchBrowser,
  newUser,
  openPage,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
  waitForText,
} from "./helpers.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";

/*
 * The credit economy seen from the web: registering goods, time and money through the wizard, and
 * searching the home feed. The detail, /mis-activos, the bell and /economia: economy-views.e2e.test.ts.
 * Every test works with its own users and unique words, so it does not depend on what other test files
 * create.
 */

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The header's blocked credits once loaded (phones and desktops show them in different rows). */
function blockedCredits(page: Page) {
  return page.getByTestId("creditos-bloqueados").filter({ visible: true, hasText: /^\d/ });
}

/** A small real photo (PNG drawn in the page), as a file for the picker. */
async function photo(page: Page, name: string, color: string) {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, 640, 480);
    ctx.fillStyle = "#ffffff";
    ctx.beginPath();
    ctx.arc(320, 240, 120, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL("image/png");
  }, color);
  return { name, mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1] ?? "", "base64") };
}

describe("registro de activos", () => {
  it("registra un bien con el asistente y ve los créditos bloqueados en el encabezado", async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await signUp(page, newUser("bien"), "/registrar-activo");
    await blockedCredits(page).filter({ hasText: /^0$/ }).waitFor();

    // Step 1: the type is required.
    await page.getByRole("heading", { name: "¿Qué quieres valorizar?" }).waitFor();
    await page.getByRole("button", { name: "Siguiente" }).click();
    await page.getByText("Tipo de activo requerido").waitFor();
    await page.getByText("Bienes", { exact: true }).click();
    await page.getByRole("button", { name: "Siguiente" }).click();

    // Step 2: actions come from GET /actions/bienes; the action is required.
    await page.getByRole("heading", { name: "¿Qué quieres hacer con él?" }).waitFor();
    await page.getByRole("radio", { name: /Vender/ }).waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Siguiente" }).click();
    await page.getByText("Acción requerida").waitFor();
    await page.getByText("Vender", { exact: true }).click();
    await page.getByRole("button", { name: "Siguiente" }).click();

    // Step 3: validation messages of the spec.
    await page.getByRole("heading", { name: "Cuéntanos sobre tu bien" }).waitFor();
    await page.getByRole("button", { name: "Calcular Valor" }).click();
    await page.getByText("Completa todos los campos del bien").first().waitFor();

    const year = currentYearInColombia() - 3;
    await page.getByLabel("Título").fill("Portátil Lenovo ThinkPad");
    await page.getByLabel("Categoría", { exact: true }).selectOption("Tecnología");
    await page.getByLabel("Subcategoría").selectOption("Computadores y Portátiles");
    await page.getByLabel("Especialización").selectOption("Portátiles");
    await page.getByLabel("Condición").selectOption("usado");
    await page.getByLabel("Estado físico").selectOption("bueno");
    await page.getByLabel("Año de compra").selectOption(String(year));
    const value = page.getByLabel("Valor del bien (COP)");
    // The value input rejects signs.
    await value.pressSequentially("-2000000");
    expect(await value.inputValue()).toBe("2000000");
    await page.getByLabel("Descripción").fill("Core i7, 16 GB de RAM, con cargador original.");
    await page
      .getByLabel("Agregar fotos")
      .setInputFiles([await photo(page, "frente.png", "#0f766e"), await photo(page, "lado.png", "#f59e0b")]);
    await page.getByRole("list", { name: "Fotos seleccionadas" }).getByText("Portada").waitFor();

    // Live preview with the domain's formula.
    const expected = valuateGood({
      baseValueCOP: 2_000_000,
      category: "Tecnología",
      physicalState: "bueno",
      condition: "usado",
      yearOfPurchase: year,
      currentYear: currentYearInColombia(),
    });
    expect(expected.creditosAsignados).toBe(1040);
    await page.getByTestId("valuation-preview").getByText("1.040 créditos").waitFor();
    await screenshot(page, "economy-wizard-goods-desktop");

    await page.getByRole("button", { name: "Calcular Valor" }).click();
    const notice = page.getByRole("dialog", { name: "Aviso de valoración" });
    await notice.waitFor();
    await notice.getByRole("button", { name: "Continuar" }).click();

    // Confirmation: value, depreciation and credits to be issued, blocked.
    const card = page.getByTestId("confirm-valuation");
    await card.waitFor();
    expect(await page.getByTestId("confirm-credits").textContent()).toBe("1.040 créditos");
    await card.getByText(`${expected.depreciation} %`).waitFor();
    await card.getByText("Bloqueados").waitFor();

    // 'Editar' goes back without losing anything.
    await page.getByRole("button", { name: "Editar", exact: true }).click();
    expect(await page.getByLabel("Título").inputValue()).toBe("Portátil Lenovo ThinkPad");
    expect(await page.getByLabel("Valor del bien (COP)").inputValue()).toBe("2000000");
    expect(await page.getByRole("list", { name: "Fotos seleccionadas" }).getByRole("listitem").count()).toBe(2);
    await page.getByRole("button", { name: "Calcular Valor" }).click();
    await page.getByRole("dialog", { name: "Aviso de valoración" }).getByRole("button", { name: "Continuar" }).click();
    await page.getByTestId("confirm-valuation").waitFor();
    await screenshot(page, "economy-wizard-confirm-desktop");

    await page.getByRole("button", { name: "Confirmar y Registrar" }).click();
    await expectToast(page, "¡Activo registrado!", "1.040 créditos");
    await page.waitForURL("**/mis-activos", { timeout: 5_000 * TIMEOUT_SCALE });
    await expectBlocked(page, "1.040");
    const mine = page.getByTestId("asset-card").filter({ hasText: "Portátil Lenovo ThinkPad" });
    await mine.waitFor();
    expect(await mine.locator("img").count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it("registra tiempo y dinero con sus reglas", async () => {
    const { page, errors } = await openPage(browser, PHONE);
    await signUp(page, newUser("tiempo"), "/registrar-tiempo");

    // The route preselects 'tiempo': straight to the action; 'Prestar' is not allowed for time.
    await page.getByRole("heading", { name: "¿Qué quieres hacer con él?" }).waitFor();
    await page.getByRole("radio", { name: /Vender/ }).waitFor({ state: "attached" });
    expect(await page.getByRole("radio", { name: /Prestar/ }).isDisabled()).toBe(true);
    await page.getByText("Intercambiar", { exact: true }).click();
    await page.getByRole("button", { name: "Siguiente" }).click();

    await page.getByLabel("Tipo de servicio").fill("Clases de inglés");
    await page.getByLabel("Horas").fill("11");
    await page.getByLabel("Descripción").fill("Conversación para nivel intermedio.");
    await page.getByRole("button", { name: "Calcular Valor" }).click();
    // CI failed once here (the message never showed, 2026-11-30): the page's text is kept if it recurs.
    await waitForText(page, "Las horas deben ser un número entero entre 1 y 10");
    await page.getByLabel("Horas").fill("3");
    await page.getByLabel("Servicio especializado").check();
    await page.getByTestId("valuation-preview").getByText("360 créditos").waitFor();
    await screenshot(page, "economy-wizard-time-phone");
    await expectNoLayoutOverflow(page);
    await page.getByRole("button", { name: "Calcular Valor" }).click();
    await page.getByRole("dialog", { name: "Aviso de valoración" }).getByRole("button", { name: "Continuar" }).click();
    expect(await page.getByTestId("confirm-credits").textContent()).toBe("360 créditos");
    await page.getByRole("button", { name: "Confirmar y Registrar" }).click();
    await expectToast(page, "¡Activo registrado!");
    await page.waitForURL("**/mis-activos", { timeout: 5_000 * TIMEOUT_SCALE });
    await expectBlocked(page, "360");

    // Money: positive amount, contribution type; afterwards the wizard goes home.
    await page.goto("/registrar-dinero");
    await page.getByRole("radio", { name: /Donar/ }).waitFor({ state: "attached" });
    expect(await page.getByRole("radio", { name: /Vender/ }).isDisabled()).toBe(true);
    await page.getByText("Donar", { exact: true }).click();
    await page.getByRole("button", { name: "Siguiente" }).click();
    await page.getByRole("button", { name: "Calcular Valor" }).click();
    await page.getByText("El monto es obligatorio").waitFor();
    await page.getByLabel("Monto (COP)").fill("200000");
    await page.getByLabel("Tipo de aporte").selectOption("donacion");
    await page.getByLabel("Descripción").fill("Aporte para la biblioteca del barrio.");
    await page.getByRole("button", { name: "Calcular Valor" }).click();
    await page.getByRole("dialog", { name: "Aviso de valoración" }).getByRole("button", { name: "Continuar" }).click();
    expect(await page.getByTestId("confirm-credits").textContent()).toBe("200 créditos");
    await screenshot(page, "economy-wizard-money-confirm-phone");
    await expectNoLayoutOverflow(page);
    await page.getByRole("button", { name: "Confirmar y Registrar" }).click();
    await expectToast(page, "¡Activo registrado!");
    await page.waitForURL((url) => url.pathname === "/", { timeout: 5_000 * TIMEOUT_SCALE });
    await expectBlocked(page, "560");
    expect(errors).toEqual([]);
  });

  it("pide iniciar sesión antes del asistente y en /valorar", async () => {
    const { page } = await openPage(browser, DESKTOP);
    await page.goto("/registrar-activo");
    // The sign-in dialog opens over the page (and hides it from assistive tech while open), so the
    // page's own heading is looked for once the dialog is closed.
    await page.getByRole("dialog", { name: "Iniciar Sesión" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("heading", { name: "Autenticación requerida" }).waitFor();
    expect(await page.getByRole("link", { name: "Ir al inicio" }).getAttribute("href")).toBe("/");

    await page.goto("/valorar");
    await page.getByLabel("Título").fill("Bicicleta de ruta");
    await page.getByLabel("Valor base (COP)").fill("3000000");
    // Live depreciation preview: Tecnología 0.9, new, excellent, this year.
    await page.getByLabel("Categoría", { exact: true }).selectOption("Tecnología");
    await page.getByTestId("valuation-preview").getByText("2.700 créditos").waitFor();
    await page.getByRole("button", { name: "Registrar activo" }).click();
    await expectToast(page, "Inicia sesión primero");
    await page.getByRole("dialog", { name: "Iniciar Sesión" }).waitFor();
    expect(await page.getByLabel("Título").inputValue()).toBe("Bicicleta de ruta");
  });
});

describe("búsqueda en el inicio", () => {
  it("encuentra activos con y sin tildes, y vuelve al feed", async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    const session = await signUp(page, newUser("busqueda"));
    const tag = `zq${Date.now().toString(36)}`;
    await createGood(page, session, { title: `Cámara ${tag}`, description: "Réflex con lente 50 mm" });
    await createGood(page, session, { title: `Guitarra ${tag}`, category: "Instrumentos Musicales" });

    const search = page.getByRole("searchbox", { name: "Buscar activos o personas" });
    await search.fill(`camara ${tag}`);
    await page.getByRole("heading", { name: `Resultados para “camara ${tag}”` }).waitFor();
    const cards = page.getByTestId("asset-card");
    await cards.filter({ hasText: `Cámara ${tag}` }).waitFor();
    expect(await cards.count()).toBe(1);

    await search.fill(`  CÁMARA ${tag}  `);
    await page.getByRole("heading", { name: `Resultados para “CÁMARA ${tag}”` }).waitFor();
    await cards.filter({ hasText: `Cámara ${tag}` }).waitFor();

    // Every match is listed.
    await search.fill(`${tag}`);
    await page.getByRole("heading", { name: `Resultados para “${tag}”` }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=asset-card]").length === 2);
    await screenshot(page, "economy-search-desktop");

    await search.fill(`nada${tag}`);
    await page.getByText("No se encontraron activos...").waitFor();
    await page.getByRole("button", { name: "Ver todos los activos" }).click();
    await page.getByRole("heading", { name: "Activos cercanos a ti" }).waitFor();
    expect(await search.inputValue()).toBe("");
    await cards.first().waitFor();
    expect(await cards.count()).toBeLessThanOrEqual(6);

    // 'Ver más' opens the detail; the owner sees the badge and no action button.
    await search.fill(`camara ${tag}`);
    const card = cards.filter({ hasText: `Cámara ${tag}` });
    await card.getByRole("link", { name: /Ver más/ }).click();
    await page.waitForURL("**/ver-activo/**");
    await page.getByRole("heading", { name: `Cámara ${tag}`, level: 1 }).waitFor();
    await page.getByTestId("own-asset-badge").getByText("Este es tu activo").waitFor();
    expect(errors).toEqual([]);
  });
});
