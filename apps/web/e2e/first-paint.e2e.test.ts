/**
 * The first second (issue 21): on the page the app opens on, what the first screen does not need
 * (the footer, 'Filtrar y ordenar', an owner's reviews and reputation, the deal panel, the service
 * worker) is asked for once the first contentful paint is behind, so a phone spends its CPU and its
 * connection on that paint first; and it all still arrives. The block confirmation's code comes with
 * the first pointer or focus on 'Bloquear', not with the page. A visitor without a session who only
 * looks at an asset loads no zod (the deal's form and the chats come when they are asked for). The
 * home and an asset page show their figures and dates without Intl: a page's first Intl use loads
 * ICU's data, 20–100 ms of a desktop's main thread and several times that on a phone.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createGoodViaApi,
  DESKTOP,
  launchBrowser,
  newUser,
  openPage,
  PHONE,
  signUpViaApi,
  storedSession,
} from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Timing {
  fcp: number | null;
  resources: { path: string; start: number }[];
}

/** The first contentful paint and when each request of the page started (ms since navigation). */
function timing(page: Page): Promise<Timing> {
  return page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    resources: performance.getEntriesByType("resource").map((r) => {
      const url = new URL(r.name);
      return { path: url.pathname + url.search, start: r.startTime };
    }),
  }));
}

/**
 * In the page: records the owner card's top (in the document) on every frame that shows it, from now
 * on (up to 600 frames); run by `page.evaluate`, or by `addInitScript` from each document's start.
 */
function recordOwnerCardTops() {
  const w = window as unknown as { __tops: number[] };
  w.__tops = [];
  const tick = () => {
    const card = document.querySelector('[data-testid="owner-card"]');
    // A card kept unseen (visibility: hidden) while a panel above it holds its place is not shown.
    if (card && getComputedStyle(card).visibility !== "hidden") {
      w.__tops.push(Math.round(card.getBoundingClientRect().top + window.scrollY));
    }
    if (w.__tops.length < 600) requestAnimationFrame(tick);
  };
  tick();
}

/**
 * In the page, from each document's start (`addInitScript`): every use of Intl (ICU) the page makes,
 * its constructors and the `toLocale…`/`localeCompare` methods that build one, by name.
 */
function recordIntlUses() {
  const w = window as unknown as { __intl: string[] };
  w.__intl = [];
  const kinds = ["NumberFormat", "DateTimeFormat", "RelativeTimeFormat", "PluralRules", "Collator", "ListFormat"];
  for (const kind of kinds) {
    const Original = (Intl as unknown as Record<string, new (...a: unknown[]) => object>)[kind];
    if (!Original) continue;
    const counted = class extends Original {
      constructor(...a: unknown[]) {
        super(...a);
        w.__intl.push(`Intl.${kind}`);
      }
    };
    Object.defineProperty(Intl, kind, { value: counted, configurable: true, writable: true });
  }
  const methods: [object, string][] = [
    [Number.prototype, "toLocaleString"],
    [Date.prototype, "toLocaleString"],
    [Date.prototype, "toLocaleDateString"],
    [Date.prototype, "toLocaleTimeString"],
    [String.prototype, "localeCompare"],
  ];
  for (const [proto, name] of methods) {
    const original = (proto as Record<string, (...a: unknown[]) => unknown>)[name] as (...a: unknown[]) => unknown;
    Object.defineProperty(proto, name, {
      value(this: unknown, ...a: unknown[]) {
        w.__intl.push(name);
        return original.apply(this, a);
      },
      configurable: true,
      writable: true,
    });
  }
}

/** What recordIntlUses recorded in the current document. */
const intlUses = (page: Page) => page.evaluate(() => (window as unknown as { __intl: string[] }).__intl);

/** What recordOwnerCardTops recorded so far. */
const ownerCardTops = (page: Page) => page.evaluate(() => (window as unknown as { __tops: number[] }).__tops);

/** The requests whose path matches, each with its start. */
function started(t: Timing, pattern: RegExp): { path: string; start: number }[] {
  return t.resources.filter((r) => pattern.test(r.path));
}

describe("lo que la primera pantalla no necesita llega después de pintarla", () => {
  it("inicio: el pie de página y 'Filtrar y ordenar' se piden después del primer pintado y se ven", async () => {
    const { page, errors } = await openPage(browser, PHONE);
    await page.goto("/");
    await page.getByRole("heading", { name: "Dale valor a lo que tienes" }).waitFor();
    await page.getByRole("button", { name: /^Filtrar y ordenar/ }).waitFor();
    await page.getByRole("contentinfo").waitFor({ state: "attached" });

    const t = await timing(page);
    expect(t.fcp).not.toBeNull();
    const later = [...started(t, /\/assets\/Footer-[^/]+\.js$/), ...started(t, /\/assets\/HomeTools-[^/]+\.js$/)];
    expect(later.map((r) => r.path)).toHaveLength(2);
    for (const r of later)
      expect(r.start, `${r.path} empezó antes del primer pintado`).toBeGreaterThanOrEqual(t.fcp ?? 0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("activo: calificaciones, reputación y el panel del trato llegan tras el título; 'Bloquear' trae su diálogo al acercarse", async () => {
    const owner = await openPage(browser, PHONE);
    await signUpViaApi(owner.page, newUser("fp-owner"));
    const title = `Bicicleta primer pintado ${Date.now()}`;
    const { id } = await createGoodViaApi(owner.page, { title });
    await owner.page.context().close();

    // A visitor, signed in (so 'Bloquear' shows), opening the asset's link cold.
    const { page, errors } = await openPage(browser, PHONE);
    await signUpViaApi(page, newUser("fp-visit"));
    await page.goto(`/ver-activo/${id}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.getByText("Sin calificaciones todavía").first().waitFor();
    await page.getByText("Reputación").first().waitFor();
    await page.getByRole("button", { name: /Proponer intercambio/ }).waitFor();

    const t = await timing(page);
    expect(t.fcp).not.toBeNull();
    const secondary = [...started(t, /^\/api\/resenas\/usuario\//), ...started(t, /^\/api\/reputation\//)];
    expect(secondary.length).toBeGreaterThanOrEqual(2);
    for (const r of secondary)
      expect(r.start, `${r.path} empezó antes del primer pintado`).toBeGreaterThanOrEqual(t.fcp ?? 0);

    // The confirmation's code is not part of the page; it comes when the pointer reaches the button.
    expect(started(t, /block-person-dialog-[^/]+\.js$/)).toEqual([]);
    const block = page.getByRole("button", { name: /^Bloquear a / });
    await block.hover();
    await expect.poll(async () => started(await timing(page), /block-person-dialog-[^/]+\.js$/).length).toBe(1);
    await block.click();
    await page.getByRole("dialog", { name: /¿Bloquear a / }).waitFor();
    await page.getByRole("button", { name: "Cancelar" }).first().click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("inicio y activo: cifras y fechas en es-CO sin usar Intl, con y sin sesión", async () => {
    const owner = await openPage(browser, PHONE);
    await signUpViaApi(owner.page, newUser("fp-intl"));
    const title = `Bicicleta sin Intl ${Date.now()}`;
    const sale = await createGoodViaApi(owner.page, { title, mainPurpose: "vender", baseValueCOP: 1_250_000 });
    await owner.page.context().close();

    for (const signedIn of [false, true]) {
      const { page, errors } = await openPage(browser, PHONE);
      if (signedIn) await signUpViaApi(page, newUser("fp-intl-v"));
      await page.addInitScript(recordIntlUses);

      await page.goto("/");
      await page.getByRole("heading", { name: "Dale valor a lo que tienes" }).waitFor();
      // The feed's cards: credits and pesos as es-CO writes them.
      await page
        .getByText(/^\d{1,3}(\.\d{3})* créditos$/)
        .first()
        .waitFor();
      await page
        .getByText(/^\$\u00a0\d{1,3}(\.\d{3})*$/)
        .first()
        .waitFor();
      await page.getByRole("contentinfo").waitFor({ state: "attached" });
      await page.waitForLoadState("networkidle");
      expect(await intlUses(page), `inicio${signedIn ? " con sesión" : ""}`).toEqual([]);

      await page.goto(`/ver-activo/${sale.id}`);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      await page.getByText("$\u00a01.250.000").first().waitFor();
      await page
        .getByText(`${sale.credits.toLocaleString("es-CO")} créditos`)
        .first()
        .waitFor();
      // The publication date, written out: "1 de diciembre de 2026".
      await page
        .getByText(
          /^\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}$/,
        )
        .waitFor();
      await page.getByRole("button", { name: /^Comprar$/ }).waitFor();
      await page.getByText("Reputación").first().waitFor();
      await page.waitForLoadState("networkidle");
      expect(await intlUses(page), `activo${signedIn ? " con sesión" : ""}`).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it("activo sin sesión: el trato, 'Contactar', calificaciones y reputación se ven sin cargar zod", async () => {
    const owner = await openPage(browser, PHONE);
    await signUpViaApi(owner.page, newUser("fp-zod"));
    const stamp = Date.now();
    const exchange = await createGoodViaApi(owner.page, { title: `Cámara sin zod ${stamp}` });
    const loan = await createGoodViaApi(owner.page, { title: `Taladro sin zod ${stamp}`, mainPurpose: "prestar" });
    const donation = await createGoodViaApi(owner.page, { title: `Sofá sin zod ${stamp}`, mainPurpose: "donar" });
    const rental = await createGoodViaApi(owner.page, { title: `Guitarra sin zod ${stamp}`, mainPurpose: "alquilar" });
    const sale = await createGoodViaApi(owner.page, { title: `Bicicleta sin zod ${stamp}`, mainPurpose: "vender" });
    await owner.page.context().close();

    for (const [asset, title, action, state] of [
      [exchange, `Cámara sin zod ${stamp}`, /Proponer intercambio/, null],
      [loan, `Taladro sin zod ${stamp}`, /Solicitar préstamo/, null],
      [sale, `Bicicleta sin zod ${stamp}`, /^Comprar$/, null],
      // Not donated nor published for rent yet: the panel says so (the deal's state read by hand).
      [donation, `Sofá sin zod ${stamp}`, null, "Este activo no tiene una donación pendiente"],
      [rental, `Guitarra sin zod ${stamp}`, null, /aún no ha publicado fechas/],
    ] as const) {
      const { page, errors } = await openPage(browser, PHONE);
      // Every script the page runs, by path, with whether it carries zod (its ZodError class).
      const scripts = new Map<string, Promise<boolean>>();
      page.on("response", (r) => {
        const path = new URL(r.url()).pathname;
        if (path.endsWith(".js"))
          scripts.set(
            path,
            r.text().then(
              (body) => body.includes("ZodError"),
              () => false,
            ),
          );
      });
      await page.goto(`/ver-activo/${asset.id}`);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      if (action) await page.getByRole("button", { name: action }).waitFor();
      if (state) await page.getByText(state).waitFor();
      await page.getByTestId("contact-button").waitFor();
      await page.getByText("Sin calificaciones todavía").first().waitFor();
      await page.getByText("Reputación").first().waitFor();
      await page.getByRole("contentinfo").waitFor({ state: "attached" });
      await page.waitForLoadState("networkidle");

      expect(scripts.size).toBeGreaterThan(3);
      const withZod = [];
      for (const [path, zod] of scripts) if (await zod) withZod.push(path);
      expect(withZod, `${title}: scripts con zod`).toEqual([]);

      // Asking for the deal signs in first, as before.
      if (action) {
        await page.getByRole("button", { name: action }).click();
        await page.getByRole("dialog").waitFor();
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it("activo: el panel del trato, la reputación y el aviso del correo llegan sin mover la tarjeta del dueño", async () => {
    const owner = await openPage(browser, DESKTOP);
    await signUpViaApi(owner.page, newUser("fp-shift"));
    const stamp = Date.now();
    const sale = await createGoodViaApi(owner.page, { title: `Bicicleta quieta ${stamp}`, mainPurpose: "vender" });
    const exchange = await createGoodViaApi(owner.page, { title: `Cámara quieta ${stamp}` });
    await owner.page.context().close();

    for (const signedIn of [false, true]) {
      const { page, errors } = await openPage(browser, DESKTOP);
      if (signedIn) await signUpViaApi(page, newUser("fp-shift-v"));
      for (const [asset, action] of [
        [sale, "Comprar"],
        [exchange, "Proponer intercambio"],
      ] as const) {
        // Where the owner card is on every frame, from the first one that shows it.
        await page.goto(`/ver-activo/${asset.id}`);
        await page.getByTestId("owner-card").waitFor();
        // A new account's email banner above it must be there from the first frame too.
        await page.evaluate(recordOwnerCardTops);
        const before = (await ownerCardTops(page))[0];
        await page.getByRole("button", { name: action }).waitFor();
        await page.getByTestId("owner-reputation").waitFor();
        if (signedIn) await page.getByTestId("verify-email-banner").waitFor();
        await page.waitForLoadState("networkidle");
        const tops = await ownerCardTops(page);
        expect(new Set(tops), `${action}, ${signedIn ? "con" : "sin"} sesión: la tarjeta se movió`).toEqual(
          new Set([before]),
        );
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});

describe("el panel de una donación llega con la página", () => {
  it("activo para donar o regalar: su estado se pinta con el título y la tarjeta del dueño no se mueve", async () => {
    const owner = await openPage(browser, PHONE);
    await signUpViaApi(owner.page, newUser("fp-don"));
    const friend = await openPage(browser, PHONE);
    await signUpViaApi(friend.page, newUser("fp-don-amiga"));
    const friendId = (JSON.parse((await storedSession(friend.page)).user ?? "{}") as { _id: string })._id;
    const stamp = Date.now();
    const { token } = await storedSession(owner.page);
    const donate = async (assetId: string, data: Record<string, unknown>) => {
      const r = await owner.page.request.post("/api/donations", {
        headers: { Authorization: `Bearer ${token}` },
        data: { assetId, ...data },
      });
      expect(r.status(), await r.text()).toBe(201);
    };
    const community = await createGoodViaApi(owner.page, { title: `Sofá quieto ${stamp}`, mainPurpose: "donar" });
    await donate(community.id, { message: "Para quien lo necesite, con cariño y en buen estado" });
    const gift = await createGoodViaApi(owner.page, { title: `Lámpara quieta ${stamp}`, mainPurpose: "regalar" });
    await donate(gift.id, { recipientId: friendId, kind: "regalo", message: "Para ti" });
    const none = await createGoodViaApi(owner.page, { title: `Mesa quieta ${stamp}`, mainPurpose: "donar" });
    await owner.page.context().close();

    // Without a session the page's inlined donation is the panel; with one (not the donor nor the
    // recipient) it holds the panel's place until the person's own view arrives. The recipient's own
    // view ('Aceptar', 'Rechazar' and the message) is taller: it is asked for with the page's code,
    // so it is the panel's first paint. On a slow network or a busy server it comes after the page's
    // first paint ("con su vista tarde": held back 1.5 s); what follows the panel then stays unseen
    // until it arrives (a CI run on a loaded machine saw the card move 66 px before that).
    const LATE = "destinataria, con su vista tarde";
    for (const who of ["visitante", "con sesión", LATE, "destinataria"] as const) {
      const recipient = who === LATE || who === "destinataria";
      const { page, errors } = recipient ? friend : await openPage(browser, PHONE);
      if (who === "con sesión") await signUpViaApi(page, newUser("fp-don-visita"));
      // From each document's start: the owner card's place on every frame that shows it (once per page).
      if (who !== "destinataria") await page.addInitScript(recordOwnerCardTops);
      if (who === LATE) {
        await page.route("**/api/donations/asset/**", async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
      }
      for (const [asset, shown] of [
        [community, /^Reclamar$/],
        [gift, recipient ? /^Aceptar$/ : "Este regalo es para otra persona"],
        [none, "Este activo no tiene una donación pendiente"],
      ] as const) {
        await page.goto(`/ver-activo/${asset.id}`);
        if (typeof shown === "string") await page.getByText(shown).waitFor();
        else await page.getByRole("button", { name: shown }).waitFor();
        await page.getByTestId("owner-reputation").waitFor();
        await page.getByTestId("contact-button").waitFor();
        if (who !== "visitante") await page.getByTestId("verify-email-banner").waitFor();
        await page.waitForLoadState("networkidle");
        const tops = await ownerCardTops(page);
        const where = `${String(shown)}, ${who}`;
        expect(tops.length, `${where}: la tarjeta del dueño no se vio`).toBeGreaterThan(0);
        expect(new Set(tops), `${where}: la tarjeta se movió`).toEqual(new Set([tops[0]]));
        if (asset === gift && recipient) {
          expect(await page.getByText("Para ti", { exact: true }).isVisible()).toBe(true);
        }
      }
      expect(errors).toEqual([]);
      if (who === LATE) await page.unroute("**/api/donations/asset/**");
      else await page.context().close();
    }
  });
});
