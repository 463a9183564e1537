import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { createGoodViaApi, launchBrowser, newUser, openPage, screenshot, signUpViaApi } from "./helpers.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";

/** A sweep of every route: about 1 min idle, ten times that seen on an overloaded CI machine. */
const SWEEP_TIMEOUT = 600_000 * TIMEOUT_SCALE;

/**
 * axe-core on every route, signed out and signed in, on a desktop and a phone: no serious and no
 * critical violation. New pages are one line each in ROUTES. One test file per viewport
 * (a11y-escritorio, a11y-telefono) calls a11ySuite, so the two run in parallel (issue 21: in one
 * file the four sweeps were the suite's longest path).
 */
const ROUTES: { path: string; name: string }[] = [
  { path: "/", name: "inicio" },
  { path: "/?q=bicicleta", name: "búsqueda" },
  { path: "/?todos=1", name: "todos los activos" },
  { path: "/perfil", name: "perfil" },
  { path: "/mis-activos", name: "mis activos" },
  { path: "/mis-activos?tab=movimientos", name: "mis activos · movimientos" },
  { path: "/mis-activos?tab=wallet", name: "mis activos · wallet" },
  { path: "/mis-activos?tab=actividad", name: "mis activos · actividad" },
  { path: "/movimientos", name: "movimientos" },
  { path: "/mi-actividad", name: "mi actividad" },
  { path: "/economia", name: "economía" },
  { path: "/registrar-activo", name: "registrar activo" },
  { path: "/registrar-tiempo", name: "registrar tiempo" },
  { path: "/registrar-dinero", name: "registrar dinero" },
  { path: "/valorar", name: "valorar" },
  { path: "/ver-activo/{asset}", name: "detalle de activo" },
  { path: "/ver-activo/00000000-0000-4000-8000-000000000000", name: "activo inexistente" },
  { path: "/actions-demo", name: "actions demo" },
  { path: "/force-clean", name: "force clean" },
  { path: "/esta-ruta-no-existe", name: "404" },
  { path: "/vender", name: "vender" },
  { path: "/custodia", name: "custodia" },
  { path: "/mensajes", name: "mensajes" },
  { path: "/marketplace", name: "marketplace" },
  { path: "/retiros", name: "retiros" },
  { path: "/admin", name: "administración" },
  { path: "/intercambiar", name: "intercambiar" },
  { path: "/intercambiar?tab=oferta-abierta", name: "intercambiar · oferta abierta" },
  { path: "/intercambiar?tab=recibidas", name: "intercambiar · recibidas" },
  { path: "/intercambios-locales", name: "intercambios locales" },
  { path: "/prestar", name: "préstamos" },
  { path: "/alquilar", name: "alquilar" },
  { path: "/donar", name: "donar" },
  { path: "/regalar", name: "regalar" },
  { path: "/status", name: "status" },
  { path: "/verificacion", name: "verificación de identidad" },
  { path: "/favoritos", name: "favoritos" },
  { path: "/usuarios/{owner}", name: "perfil público" },
  { path: "/calificaciones", name: "calificaciones" },
];

/** Lets the page settle: lazy chunk loaded, loading placeholders gone, entry animations over. */
async function settle(page: Page): Promise<void> {
  // Not "networkidle": the live-events stream of a signed-in page never goes idle.
  await page.waitForFunction(() => document.readyState === "complete" && document.documentElement.lang !== "");
  await page
    .locator("main h1, main h2, main [role=alert]")
    .first()
    .waitFor({ timeout: 5_000 * TIMEOUT_SCALE })
    .catch(() => undefined);
  await page
    .waitForFunction(
      () => !document.querySelector('[role=status][aria-label^="Cargando"], main [aria-busy=true]'),
      null,
      {
        timeout: 5_000 * TIMEOUT_SCALE,
      },
    )
    .catch(() => undefined);
  // Colours are judged as they rest, not halfway through a hover or entry transition (a phone run once caught
  // a button and a tab mid-transition at 4.1-4.3:1).
  await page.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; animation: none !important; }",
  });
  // With transitions off, the next two frames show every colour at rest (no fixed wait).
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Opens a route of the sweep: the first by loading the page, the next ones as the app's own links
 * do (a history entry and React Router's popstate), so the sweep does not boot the app 39 times.
 * Only a new pathname is reached that way: it remounts what <main> shows (Layout's error boundary is
 * keyed by it), so the old content is marked and the sweep waits until React has replaced it. A new
 * search on the same pathname (`/?q=` to `/?todos=1`, a tab) remounts nothing and gives no such
 * signal (a CI run judged the previous results, dimmed, before the new ones came): it is loaded.
 */
async function visit(page: Page, path: string): Promise<void> {
  const current = page.url() === "about:blank" ? null : new URL(page.url());
  if (!current || current.pathname === new URL(path, current).pathname) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    document.querySelector("main")?.firstElementChild?.setAttribute("data-ruta-anterior", "");
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await page.waitForFunction(() => !document.querySelector("main [data-ruta-anterior]"));
}

/** A small real photo (PNG drawn in the page), as a file for the picker. */
async function photo(page: Page, name: string, color: string) {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext("2d");
    if (ctx) {
      ctx.fillStyle = fill;
      ctx.fillRect(0, 0, 320, 240);
    }
    return canvas.toDataURL("image/png");
  }, color);
  return { name, mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1] ?? "", "base64") };
}

/** The whole accessibility suite for one viewport: the two route sweeps and the states they miss. */
export function a11ySuite(label: "escritorio" | "teléfono", viewport: { width: number; height: number }): void {
  let browser: Browser;
  let assetId = "";
  let ownerId = "";
  beforeAll(async () => {
    browser = await launchBrowser();
    const { page } = await openPage(browser);
    await signUpViaApi(page, newUser("a11y-owner"));
    assetId = (await createGoodViaApi(page, { title: "Bicicleta de ruta" })).id;
    ownerId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem("user") ?? "{}") as { _id?: string })._id ?? "",
    );
    await page.context().close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const resolve = (path: string) => path.replace("{asset}", assetId).replace("{owner}", ownerId);

  describe(`axe en ${label}`, () => {
    it("sin sesión: 0 violaciones graves o críticas en cada ruta", { timeout: SWEEP_TIMEOUT }, async () => {
      const { page } = await openPage(browser, viewport);
      const found: string[] = [];
      for (const route of ROUTES) {
        await visit(page, resolve(route.path));
        await settle(page);
        for (const v of await seriousViolations(page)) found.push(`${route.name} (${route.path}): ${v}`);
      }
      // The two overlays of the header: the site menu and the login modal.
      await page.goto("/");
      await settle(page);
      await page.getByRole("navigation", { name: "Cuenta" }).getByRole("button", { name: "Menú" }).click();
      await page.getByRole("dialog", { name: "Menú" }).waitFor();
      await page.waitForTimeout(300);
      for (const v of await seriousViolations(page)) found.push(`menú: ${v}`);
      await page.keyboard.press("Escape");
      await page.getByRole("navigation", { name: "Cuenta" }).getByRole("button", { name: "Iniciar Sesión" }).click();
      await page.getByRole("dialog", { name: "Iniciar Sesión" }).waitFor();
      await page.waitForTimeout(300);
      for (const v of await seriousViolations(page)) found.push(`login: ${v}`);
      expect(found).toEqual([]);
    });

    it("con sesión: 0 violaciones graves o críticas en cada ruta", { timeout: SWEEP_TIMEOUT }, async () => {
      const { page } = await openPage(browser, viewport);
      await signUpViaApi(page, newUser("a11y"));
      await createGoodViaApi(page, { title: "Guitarra acústica" });
      const found: string[] = [];
      for (const route of ROUTES) {
        await visit(page, resolve(route.path));
        await settle(page);
        for (const v of await seriousViolations(page)) found.push(`${route.name} (${route.path}): ${v}`);
      }
      expect(found).toEqual([]);
    });
  });

  /**
   * States the route sweep above does not reach (issue 15 items 1 and 15): the wizard's confirmation
   * with ten photos, an asset 'En operación' in /mis-activos, the local-exchanges map after a search.
   */
  describe(`axe en estados que el barrido no alcanza (${label})`, () => {
    it("confirmación del asistente con 10 fotos: la tira de fotos se alcanza con el teclado", {
      timeout: 120_000 * TIMEOUT_SCALE,
    }, async () => {
      const { page } = await openPage(browser, viewport);
      await signUpViaApi(page, newUser(`a11y-fotos-${label === "escritorio" ? "d" : "p"}`));
      await page.goto("/registrar-activo");
      await page.getByRole("heading", { name: "¿Qué quieres valorizar?" }).waitFor();
      await page.getByText("Bienes", { exact: true }).click();
      await page.getByRole("button", { name: "Siguiente" }).click();
      await page.getByRole("heading", { name: "¿Qué quieres hacer con él?" }).waitFor();
      await page.getByText("Vender", { exact: true }).click();
      await page.getByRole("button", { name: "Siguiente" }).click();
      await page.getByRole("heading", { name: "Cuéntanos sobre tu bien" }).waitFor();
      await page.getByLabel("Título").fill("Cámara réflex");
      await page.getByLabel("Categoría", { exact: true }).selectOption("Tecnología");
      await page.getByLabel("Condición").selectOption("usado");
      await page.getByLabel("Estado físico").selectOption("bueno");
      await page.getByLabel("Año de compra").selectOption({ index: 2 });
      await page.getByLabel("Valor del bien (COP)").fill("1500000");
      await page.getByLabel("Descripción").fill("Con dos lentes y su estuche.");
      const colors = [
        "#0f766e",
        "#f59e0b",
        "#1d4ed8",
        "#be123c",
        "#4d7c0f",
        "#7c3aed",
        "#0e7490",
        "#b45309",
        "#334155",
        "#db2777",
      ];
      const files = [];
      for (const [i, color] of colors.entries()) files.push(await photo(page, `foto-${i + 1}.png`, color));
      await page.getByLabel("Agregar fotos").setInputFiles(files);
      await expect
        .poll(() => page.getByRole("list", { name: "Fotos seleccionadas" }).getByRole("listitem").count())
        .toBe(10);
      // Clicked at once, while the photos are still being re-encoded: the wizard says so and goes on
      // by itself when they are ready (on a loaded machine that takes more than 10 s).
      await page.getByRole("button", { name: "Calcular Valor" }).click();
      const notice = page.getByRole("dialog", { name: "Aviso de valoración" });
      await notice.waitFor({ timeout: 60_000 * TIMEOUT_SCALE });
      await notice.getByRole("button", { name: "Continuar" }).click();
      await page.getByTestId("confirm-valuation").waitFor();
      const strip = page.getByRole("list", { name: "Fotos" });
      expect(await strip.getByRole("img").count()).toBe(10);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      // The strip takes the focus, and the arrow keys scroll it.
      await strip.focus();
      expect(await strip.evaluate((el) => el === document.activeElement)).toBe(true);
      await screenshot(page, `a11y-wizard-photos-${viewport.width}`, false);
      await page.context().close();
    });

    it("/mis-activos con un activo en operación: 'Finalizar operación' se nombra con sus palabras", {
      timeout: 120_000 * TIMEOUT_SCALE,
    }, async () => {
      const seller = await openPage(browser, viewport);
      await signUpViaApi(seller.page, newUser("a11y-vende"));
      const sellerToken = await seller.page.evaluate(() => localStorage.getItem("token"));
      const sellerUser = JSON.parse((await seller.page.evaluate(() => localStorage.getItem("user"))) ?? "{}") as {
        _id: string;
      };
      const asset = await seller.page.request.post("/api/assets", {
        headers: { Authorization: `Bearer ${sellerToken}` },
        data: {
          title: "Bicicleta en venta",
          description: "Activo de prueba",
          assetType: "bien",
          origin: "personal",
          category: "Deportes",
          condition: "usado",
          physicalState: "bueno",
          yearOfPurchase: 2021,
          baseValueCOP: 800_000,
          mainPurpose: "vender",
          privacy: "publico",
          images: [],
        },
      });
      expect(asset.status(), await asset.text()).toBe(201);
      const assetId = ((await asset.json()) as { data: { _id: string } }).data._id;
      // A cash purchase puts the asset 'en operación' until the handover.
      const buyer = await seller.page.request.post("/api/users/register", { data: newUser("a11y-compra") });
      const b = ((await buyer.json()) as { data: { _id: string; token: string } }).data;
      const sale = await seller.page.request.post("/api/transacciones/crear", {
        headers: { Authorization: `Bearer ${b.token}`, "Idempotency-Key": randomUUID() },
        data: { activoId: assetId, compradorId: b._id, vendedorId: sellerUser._id, modoPago: "dinero" },
      });
      expect(sale.status(), await sale.text()).toBe(201);
      await seller.page.goto("/mis-activos");
      const finish = seller.page.getByRole("button", { name: "Finalizar operación de Bicicleta en venta" });
      await finish.waitFor();
      await settle(seller.page);
      expect(await seriousViolations(seller.page)).toEqual([]);
      await seller.page.context().close();
    });

    it("/intercambios-locales con el mapa tras buscar", { timeout: 120_000 * TIMEOUT_SCALE }, async () => {
      const { page } = await openPage(browser, viewport);
      await signUpViaApi(page, newUser("a11y-mapa"));
      await page.goto("/intercambios-locales");
      await page.getByRole("button", { name: "Buscar cerca de mí" }).click();
      await page.getByRole("region", { name: /^Mapa/ }).waitFor();
      await page.locator(".leaflet-control-zoom-in").waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  });
}
