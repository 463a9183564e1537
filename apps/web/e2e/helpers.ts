import { randomUUID } from "node:crypto";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { chromiumPath, MISSING_CHROMIUM } from "./chromium.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";

export const baseURL = (): string => inject("baseURL");

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error(MISSING_CHROMIUM);
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * A fresh context (own storage) and page, with browser errors collected for assertions. The app's
 * service worker (ADR 023) is bypassed unless `serviceWorkers: "allow"`: page.route() cannot see the
 * requests a worker makes, and the other tests want the network as the page asks it.
 */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  { serviceWorkers = "block" }: { serviceWorkers?: "allow" | "block" } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, locale: "es-CO", baseURL: baseURL(), serviceWorkers });
  context.setDefaultTimeout(10_000 * TIMEOUT_SCALE);
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return { page, errors };
}

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface TestUser {
  name: string;
  apellido: string;
  email: string;
  password: string;
  /** Sent with API sign-ups: the account has accepted the current terms (issue 16), as the sign-up dialog does. */
  aceptaTerminos?: boolean;
}

export function newUser(tag: string): TestUser {
  return { name: "Ana", apellido: "Gómez", email: uniqueEmail(tag), password: "secreto123", aceptaTerminos: true };
}

/** The sign-up dialog's consent checkbox (issue 16: CONSENT_LABEL in the domain). */
export const CONSENT_CHECKBOX = "Acepto los Términos y la Política de tratamiento de datos personales";

const accountNav = (page: Page) => page.getByRole("navigation", { name: "Cuenta" });

/** Signs up through the header's 'Registrarse' modal and waits for the signed-in header. */
export async function registerThroughModal(page: Page, user: TestUser): Promise<void> {
  await accountNav(page).getByRole("button", { name: "Registrarse" }).click();
  const dialog = page.getByRole("dialog", { name: "Crea tu cuenta" });
  await dialog.getByLabel("Nombre").fill(user.name);
  await dialog.getByLabel("Apellido").fill(user.apellido);
  await dialog.getByLabel("Correo electrónico").fill(user.email);
  await dialog.getByLabel("Contraseña", { exact: true }).fill(user.password);
  // Required consent (issue 16).
  await dialog.getByRole("checkbox", { name: CONSENT_CHECKBOX }).check();
  await dialog.getByRole("button", { name: "Registrarse" }).click();
  await expectSignedIn(page);
}

/** Signs in through the header's 'Iniciar Sesión' modal. */
export async function loginThroughModal(page: Page, email: string, password: string): Promise<void> {
  await accountNav(page).getByRole("button", { name: "Iniciar Sesión" }).click();
  const dialog = page.getByRole("dialog", { name: "Iniciar Sesión" });
  await dialog.getByLabel("Correo electrónico").fill(email);
  await dialog.getByLabel("Contraseña", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Iniciar Sesión" }).click();
}

export async function expectSignedIn(page: Page): Promise<void> {
  await accountNav(page).getByRole("button", { name: "Salir" }).waitFor();
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

export async function expectSignedOut(page: Page): Promise<void> {
  await accountNav(page).getByRole("button", { name: "Iniciar Sesión" }).waitFor();
  expect(await accountNav(page).getByRole("button", { name: "Salir" }).count()).toBe(0);
}

/** Registers through the API (fast setup) and stores the session as the app does. */
export async function signUpViaApi(page: Page, user: TestUser): Promise<void> {
  const response = await page.request.post("/api/users/register", { data: user });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: Record<string, unknown> & { token: string } };
  const { token, ...rest } = body.data;
  await page.goto("/");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("user", u);
      localStorage.setItem("token", t);
    },
    [token, JSON.stringify(rest)] as const,
  );
  await page.reload();
  await expectSignedIn(page);
}

/**
 * In every page of `openPage`: the text of each toast as it shows (`window.__vzToasts`). On a starved
 * machine a toast can come and go (its few seconds) between two looks of the test; what a person
 * would have seen is what the page showed, so `expectToast` also accepts a toast seen and gone.
 */
function recordToasts() {
  const seen: string[] = [];
  const shown = new WeakMap<Element, string>();
  Object.defineProperty(window, "__vzToasts", { value: seen });
  new MutationObserver(() => {
    for (const el of document.querySelectorAll("li.vz-toast")) {
      const text = el.textContent ?? "";
      if (text && shown.get(el) !== text) {
        shown.set(el, text);
        seen.push(text);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * True once a toast with every given text has shown on the page since the last toast awaited (see
 * recordToasts); the record is then emptied, so an earlier toast never answers for a later one.
 */
function takeToast(page: Page, texts: string[]): Promise<boolean> {
  return page
    .evaluate((wanted) => {
      const seen = (window as unknown as { __vzToasts?: string[] }).__vzToasts;
      if (!seen?.some((t) => wanted.every((w) => t.includes(w)))) return false;
      seen.length = 0;
      return true;
    }, texts)
    .catch(() => false);
}

/**
 * Waits for a toast containing every given text (on screen, or seen and already gone); never two
 * open at once. (At most one, not exactly one: on a starved CI machine the toast awaited had closed
 * again before the count, 2026-11-29; on 2026-11-30 it had closed before the first look.)
 */
export async function expectToast(page: Page, ...texts: string[]): Promise<void> {
  let toast = page.locator("li.vz-toast");
  for (const text of texts) toast = toast.filter({ hasText: text });
  try {
    await expect
      .poll(
        async () =>
          (await takeToast(page, texts)) ||
          (await toast
            .first()
            .isVisible()
            .catch(() => false)),
        {
          timeout: 10_000 * TIMEOUT_SCALE,
        },
      )
      .toBe(true);
  } catch (e) {
    // Say what the page showed instead (another toast, a dialog): a CI log is all there is of a run.
    const shown = await page
      .locator("li.vz-toast")
      .allInnerTexts()
      .catch(() => []);
    const dialogs = await page
      .getByRole("dialog")
      .allInnerTexts()
      .catch(() => []);
    const earlier = await page
      .evaluate(() => [...((window as unknown as { __vzToasts?: string[] }).__vzToasts ?? [])])
      .catch(() => []);
    throw new Error(
      `no toast with ${JSON.stringify(texts)} on ${page.url()}; toasts shown: ${JSON.stringify(shown)}; seen since the last one awaited: ${JSON.stringify(earlier)}; dialogs open: ${JSON.stringify(dialogs.map((d) => d.slice(0, 200)))}`,
      { cause: e },
    );
  }
  expect(await page.locator("li.vz-toast[data-state=open]").count()).toBeLessThanOrEqual(1);
}

/**
 * Waits for `text` on the page; if it never shows, the error says what the page showed instead (its
 * path and main text): a wait that fails once in many runs leaves a trace.
 */
export async function waitForText(page: Page, text: string): Promise<void> {
  try {
    await page.getByText(text).waitFor();
  } catch (error) {
    const main = (await page.locator("main").count()) > 0 ? page.locator("main").first() : page.locator("body");
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden nodes'.
    const shown = await main.innerText({ timeout: 2_000 }).catch(() => "(la página no respondió)");
    throw new Error(
      `${(error as Error).message}\nLa página (${new URL(page.url()).pathname}) mostraba: ${shown.slice(0, 2_000)}`,
    );
  }
}

/** The signed-in header's credits once loaded (phones and desktops show them in different rows). */
export function availableCredits(page: Page) {
  return page.getByTestId("creditos-disponibles").filter({ visible: true, hasText: /^\d/ });
}

export async function storedSession(page: Page): Promise<{ token: string | null; user: string | null }> {
  return page.evaluate(() => ({ token: localStorage.getItem("token"), user: localStorage.getItem("user") }));
}

export const SCREENSHOT_DIR = "/tmp/valoriza-screens";

/**
 * Full-page capture from the top, or just the viewport (for dialogs): pictures for a person to look
 * at, never an assertion. E2E_SCREENSHOTS=0 skips them (CI's clean clone throws them away; about
 * 0.3 s of CPU each, some 110 in the suite).
 */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === "0") return;
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage, animations: "disabled" });
}

/**
 * Visible elements that stick out of the viewport sideways and are not clipped by a box that fits
 * (the layout root's overflow-x clip, a safety net, does not count): content cut off on a phone.
 */
export async function elementsOutsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    const clippedInside = (el: Element): boolean => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (parent.hasAttribute("data-layout-root")) return false;
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== "visible") {
          const box = parent.getBoundingClientRect();
          return box.left >= -1 && box.right <= width + 1;
        }
      }
      return false;
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (rect.right <= width + 1 && rect.left >= -1) continue;
      if (getComputedStyle(el).visibility === "hidden" || clippedInside(el)) continue;
      out.push(describe(el));
    }
    return out;
  });
}

export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A good registered straight through the API with the page's stored session (setup for other screens). */
export async function createGoodViaApi(
  page: Page,
  good: { title: string; description?: string; baseValueCOP?: number; mainPurpose?: string },
): Promise<{ id: string; credits: number }> {
  const { token } = await storedSession(page);
  const response = await page.request.post("/api/assets", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: good.title,
      description: good.description ?? "Activo de prueba",
      assetType: "bien",
      origin: "personal",
      category: "Tecnología",
      condition: "usado",
      physicalState: "bueno",
      yearOfPurchase: 2020,
      baseValueCOP: good.baseValueCOP ?? 1_000_000,
      mainPurpose: good.mainPurpose ?? "intercambiar",
      privacy: "publico",
      images: [],
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { _id: string; creditosAsignados: number } };
  return { id: body.data._id, credits: body.data.creditosAsignados };
}

/**
 * In the open 'Confirmar compra' panel, picks the payment method as a person does (a tap on its
 * card) and waits until it shows as chosen: a tap while the panel still moves (its balance line
 * loading) can land beside it, and a person would tap again.
 */
export async function choosePayment(page: Page, method: "Créditos" | "Dinero"): Promise<void> {
  const group = page.getByRole("group", { name: "Confirmar compra" });
  const option = group.getByRole("radio", { name: new RegExp(`^${method}`) });
  for (let i = 0; i < 5 && !(await option.isChecked()); i++) {
    await group.getByText(method, { exact: true }).click();
    if (!(await option.isChecked())) await page.waitForTimeout(200);
  }
  expect(await option.isChecked()).toBe(true);
}
