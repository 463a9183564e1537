import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createGoodViaApi,
  DESKTOP,
  elementsOutsideViewport,
  expectSignedIn,
  expectToast,
  horizontalOverflow,
  launchBrowser,
  newUser,
  openPage,
  PHONE,
  screenshot,
  signUpViaApi,
  storedSession,
} from "./helpers.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const accountNav = (page: Page) => page.getByRole("navigation", { name: "Cuenta" });

async function openMenu(page: Page) {
  await accountNav(page).getByRole("button", { name: "Menú" }).click();
  const sheet = page.getByRole("dialog", { name: "Menú" });
  await sheet.waitFor();
  return sheet;
}

/** The name of the focused element (its aria-label or its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return (el.getAttribute("aria-label") ?? el.textContent ?? "").trim();
  });

/** Every signed-in page, reached from the menu, lands on its own heading. */
const SIGNED_IN_PAGES: [string, string, RegExp][] = [
  ["Mis Activos", "/mis-activos", /Mis Activos/],
  ["Mi Actividad", "/mi-actividad", /Mi Actividad/],
  ["Movimientos", "/movimientos", /Movimientos/],
  ["Mensajes", "/mensajes", /Mensajes/],
  ["Perfil", "/perfil", /Mi Cuenta/],
  ["Valorizar Activo", "/valorar", /.+/],
  ["Vender", "/vender", /.+/],
  ["Custodia", "/custodia", /.+/],
  ["Marketplace", "/marketplace", /.+/],
  ["Intercambiar", "/intercambiar", /.+/],
  ["Intercambios locales", "/intercambios-locales", /.+/],
  ["Prestar", "/prestar", /.+/],
  ["Alquilar", "/alquilar", /Alquilar/],
  ["Donar", "/donar", /.+/],
  ["Regalar", "/regalar", /.+/],
  ["Economía", "/economia", /.+/],
  ["Acciones por tipo de activo", "/actions-demo", /.+/],
];

describe.each([
  ["escritorio", DESKTOP],
  ["teléfono", PHONE],
] as const)("navegación en %s", (label, viewport) => {
  it("el menú lleva a cada página y devuelve el foco al botón 'Menú'", {
    timeout: 90_000 * TIMEOUT_SCALE,
  }, async () => {
    const { page, errors } = await openPage(browser, viewport);
    await signUpViaApi(page, newUser("menu"));

    let sheet = await openMenu(page);
    await page.waitForTimeout(250);
    await screenshot(page, `menu-${label}`, false);
    // Every area is built: real links, no "Próximamente" list; Retiros is only for admins.
    expect(await sheet.getByRole("region", { name: "Próximamente" }).count()).toBe(0);
    for (const area of ["Intercambiar", "Prestar", "Alquilar", "Donar", "Regalar"]) {
      expect(await sheet.getByRole("link", { name: area, exact: true }).count()).toBe(1);
    }
    expect(await sheet.getByRole("link", { name: "Retiros" }).count()).toBe(0);
    expect(await sheet.getByRole("link", { name: "Administración" }).count()).toBe(0);
    // Esc closes it and focus goes back to the button that opened it.
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    expect(await focusedName(page)).toBe("Menú");

    for (const [name, path, heading] of SIGNED_IN_PAGES) {
      sheet = await openMenu(page);
      await sheet.getByRole("link", { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole("heading", { level: 1, name: heading }).first().waitFor();
      expect(await page.getByRole("heading", { name: "404 Page Not Found" }).count()).toBe(0);
    }

    // 'Salir' is in the menu too.
    sheet = await openMenu(page);
    await sheet.getByRole("button", { name: "Salir" }).click();
    await accountNav(page).getByRole("button", { name: "Iniciar Sesión" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(errors.filter((e) => !/40[134]/.test(e))).toEqual([]);
  });

  it("los créditos del encabezado tienen nombre y los bloqueados se explican", async () => {
    const { page } = await openPage(browser, viewport);
    await signUpViaApi(page, newUser("chips"));
    await createGoodViaApi(page, { title: "Taladro percutor" });
    await page.reload();
    const credits = page.getByRole("list", { name: "Tus créditos" }).filter({ visible: true });
    await credits.getByText("disponibles", { exact: true }).waitFor();
    await credits.getByText("bloqueados", { exact: true }).waitFor();
    const info = credits.getByRole("button", { name: "¿Qué son los créditos bloqueados?" });
    await info.click();
    const note = page.getByRole("note").filter({ hasText: "Se liberan cuando completas una operación con el activo." });
    await note.waitFor();
    expect(await elementsOutsideViewport(page)).toEqual([]);
    await screenshot(page, `chips-${label}`, false);
    await page.keyboard.press("Escape");
    await note.waitFor({ state: "hidden" });
    expect(await focusedName(page)).toBe("¿Qué son los créditos bloqueados?");
  });
});

describe("foco y pantallas de teléfono", () => {
  it("el foco vuelve a 'Iniciar Sesión' al cerrar el modal y al botón 'Menú' tras entrar", async () => {
    const { page } = await openPage(browser, PHONE);
    const user = newUser("foco");
    await page.goto("/");
    await page.request.post("/api/users/register", { data: user });
    // On a phone the login entry shows its words.
    const login = accountNav(page).getByRole("button", { name: "Iniciar Sesión" });
    expect((await login.textContent())?.trim()).toBe("Iniciar Sesión");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await elementsOutsideViewport(page)).toEqual([]);

    await login.click();
    let dialog = page.getByRole("dialog", { name: "Iniciar Sesión" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cerrar ventana" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await focusedName(page)).toBe("Iniciar Sesión");

    await login.click();
    dialog = page.getByRole("dialog", { name: "Iniciar Sesión" });
    await dialog.getByLabel("Correo electrónico").fill(user.email);
    await dialog.getByLabel("Contraseña", { exact: true }).fill(user.password);
    await dialog.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expectSignedIn(page);
    // The login button is gone once signed in: focus lands on the menu button, not the page body.
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === "Menú");
  });

  it("en /mis-activos las cuatro pestañas se ven en un teléfono y 'Cargar más' trae el resto", {
    timeout: 90_000 * TIMEOUT_SCALE,
  }, async () => {
    const { page, errors } = await openPage(browser, PHONE);
    await signUpViaApi(page, newUser("muchos"));
    // 26 assets: more than one page (24) of /assets/mine.
    for (let i = 1; i <= 26; i++) await createGoodViaApi(page, { title: `Libro ${i}`, baseValueCOP: 20_000 + i });

    await page.goto("/mis-activos");
    for (const tab of ["Activos", "Movimientos", "Wallet", "Actividad"]) {
      const box = await page.getByRole("tab", { name: tab }).boundingBox();
      expect(box, tab).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    await page.getByRole("heading", { name: "Tus activos (26)" }).waitFor();
    const cards = page.getByTestId("asset-card");
    await page.getByText("Mostrando 24 de 26").waitFor();
    expect(await cards.count()).toBe(24);
    await page.getByRole("button", { name: "Cargar más" }).click();
    await page.getByText("Mostrando 26 de 26").waitFor();
    expect(await cards.count()).toBe(26);
    expect(await page.getByRole("button", { name: "Cargar más" }).count()).toBe(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "mis-activos-phone-tabs", false);

    // 'Actualizar Valores' counts the goods it checked.
    await page.getByRole("button", { name: "Actualizar Valores" }).click();
    await expectToast(page, "tus 26 bienes");

    // The home feed shows 6 and 'Ver todos' lists the rest, a page at a time.
    await page.goto("/");
    await page.getByRole("heading", { name: "Activos cercanos a ti" }).waitFor();
    await page.getByText("6 activos").waitFor();
    expect(await cards.count()).toBe(6);
    await page.getByRole("button", { name: "Ver todos" }).click();
    await page.getByRole("heading", { name: "Todos los activos" }).waitFor();
    expect(new URL(page.url()).searchParams.get("todos")).toBe("1");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=asset-card]").length === 24);
    await page.getByRole("button", { name: "Cargar más" }).click();
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=asset-card]").length >= 26);
    expect(errors).toEqual([]);
  });

  it("'Actualizar Valores' explica que el tiempo y el dinero no se deprecian", async () => {
    const { page } = await openPage(browser, DESKTOP);
    await signUpViaApi(page, newUser("tiempo"));
    const { token, user } = await storedSession(page);
    const userId = (JSON.parse(user ?? "{}") as { _id?: string })._id;
    const response = await page.request.post("/api/tiempo/registrar", {
      headers: { Authorization: `Bearer ${token}` },
      data: { tipo: "Clases de inglés", horas: 2, especializado: false, descripcion: "Conversación", userId },
    });
    expect(response.status()).toBe(201);
    await page.goto("/mis-activos");
    await page.getByRole("heading", { name: "Tus activos (1)" }).waitFor();
    await page.getByRole("button", { name: "Actualizar Valores" }).click();
    await expectToast(page, "No hay bienes que actualizar", "el tiempo y el dinero conservan su valor");
    expect(await page.getByText(/0 de 0/).count()).toBe(0);
  });
});
