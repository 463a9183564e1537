import { mkdirSync } from "node:fs";
import { currentYearInColombia, valuateGood } from "@valoriza/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  expectSignedIn,
  expectToast,
  horizontalOverflow,
  launchBrowser,
  newUser,
  openPage,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
  type TestUser,
} from "./helpers.ts";

/*
 * The credit economy seen from the web: registering goods, time and money through the wizard,
 * searching the home feed, deactivating from /mis-activos, the bell and /economia. Every test works
 * with its own users and unique words, so it does not depend on what other test files create.
 */

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Session {
  token: string;
  userId: string;
}

/** Registers through the API, stores the session as the app does and opens `path`. */
async function signUp(page: Page, user: TestUser, path = "/"): Promise<Session> {
  const response = await page.request.post("/api/users/register", { data: user });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: Record<string, unknown> & { token: string; _id: string } };
  const { token, ...rest } = body.data;
  await page.goto("/");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("user", u);
      localStorage.setItem("token", t);
    },
    [token, JSON.stringify(rest)] as const,
  );
  await page.goto(path);
  await expectSignedIn(page);
  return { token, userId: body.data._id };
}

interface GoodInput {
  title: string;
  description?: string;
  category?: string;
  baseValueCOP?: number;
}

/** A good registered straight through the API (setup for tests about other screens). */
async function createGood(page: Page, session: Session, good: GoodInput): Promise<{ id: string; credits: number }> {
  const response = await page.request.post("/api/assets", {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {
      title: good.title,
      description: good.description ?? "Activo de prueba",
      assetType: "bien",
      origin: "personal",
      category: good.category ?? "Tecnología",
      condition: "nuevo",
      physicalState: "excelente",
      yearOfPurchase: currentYearInColombia(),
      baseValueCOP: good.baseValueCOP ?? 1_000_000,
      mainPurpose: "intercambiar",
      privacy: "publico",
      images: [],
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { _id: string; creditosAsignados: number } };
  return { id: body.data._id, credits: body.data.creditosAsignados };
}

/** The header's blocked credits once loaded (phones and desktops show them in different rows). */
function blockedCredits(page: Page) {
  return page.getByTestId("creditos-bloqueados").filter({ visible: true, hasText: /^\d/ });
}

async function expectBlocked(page: Page, text: string): Promise<void> {
  await page
    .getByTestId("creditos-bloqueados")
    .filter({ visible: true, hasText: new RegExp(`^${text}$`) })
    .waitFor();
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

/** No horizontal scroll, and nothing of the page's own content (main) sticks out at the sides. */
async function expectNoLayoutOverflow(page: Page): Promise<void> {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p.id !== "contenido"; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== "visible") return true;
      }
      return false;
    };
    return [...document.querySelectorAll("#contenido *")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 1 && r.height > 1 && (r.right > width + 1 || r.left < -1) && !clipped(el);
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`);
  });
  expect(outside).toEqual([]);
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
    await page.waitForURL("**/mis-activos", { timeout: 5_000 });
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
    await page.getByText("Las horas deben ser un número entero entre 1 y 10").waitFor();
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
    await page.waitForURL("**/mis-activos", { timeout: 5_000 });
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
    await page.waitForURL((url) => url.pathname === "/", { timeout: 5_000 });
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
    await page.getByRole("button", { name: "Copiar enlace" }).click();
    // Without clipboard permission the app says so; with it, it confirms for 2 s.
    await page.getByText(/¡Enlace copiado!|No se pudo copiar el enlace/).waitFor();
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
