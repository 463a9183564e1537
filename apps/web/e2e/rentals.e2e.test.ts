import { mkdirSync } from "node:fs";
import { colombiaToday, RENTAL_MSG } from "@valoriza/domain";
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

/*
 * Rentals (issue 9 items 2 and 4): the owner publishes dates from /alquilar, a renter books from the
 * asset page and pays into escrow, an overlapping booking is refused by the server, the owner
 * finishes the rental and is paid, and a future booking cancelled by its renter gives the credits
 * back. Once with the owner on a desktop and the renters on a phone, once the other way round.
 */

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** Colombian calendar day `n` days from today, YYYY-MM-DD (what the server calls today). */
const day = (n: number) => colombiaToday(new Date(Date.now() + n * DAY_MS));

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

/** Picks dates in the asset page's panel and presses 'Alquilar'. */
async function pickDates(page: Page, start: string, end: string) {
  const panel = page.getByTestId("rent-panel");
  await panel.getByLabel("Desde").fill(start);
  await panel.getByLabel("Hasta").fill(end);
  return panel;
}

/** Browser errors except the console line Chromium prints for an expected 4xx answer. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes("Failed to load resource"));

for (const [label, ownerViewport, renterViewport] of [
  ["owner-desktop", DESKTOP, PHONE],
  ["owner-phone", PHONE, DESKTOP],
] as const) {
  describe(`rentals, ${label}`, () => {
    it("publish, book and pay into escrow, overlap refused, finish pays the owner, cancel refunds", async () => {
      const owner = await signUpPerson(browser, `rent-owner-${label}`, ownerViewport, "Olga");
      const renter = await signUpPerson(browser, `rent-renter-${label}`, renterViewport, "Rita");
      const rival = await signUpPerson(browser, `rent-rival-${label}`, renterViewport, "Raúl");
      const funds = await fund(renter, rival, `Consola ${label}`);
      const rivalFunds = await fund(rival, renter, `Parlante ${label}`);
      expect(funds).toBeGreaterThan(100);
      const title = `Hidrolavadora ${label}`;
      const asset = await createAsset(owner, title, "alquilar");

      // Signed out: the grid is public, creating needs a session; the asset page asks to sign in.
      const visitor = await openPage(browser, renterViewport);
      await visitor.page.goto("/alquilar");
      await visitor.page.getByRole("heading", { name: "Alquilar", level: 1 }).waitFor();
      await visitor.page.getByText(RENTAL_MSG.loginRequired).waitFor();
      await visitor.page.getByRole("heading", { name: "Alquileres Activos" }).waitFor();
      expect(await visitor.page.getByRole("button", { name: "Nuevo alquiler" }).count()).toBe(0);
      await screenshot(visitor.page, `alquilar-signed-out-${renterViewport.width}`);

      // The owner: no publication yet, so the asset page sends them to /alquilar.
      const op = owner.page;
      await op.goto(`/ver-activo/${asset.id}`);
      await op.getByTestId("rent-panel").getByRole("link", { name: "Publicar fechas en Alquilar" }).click();
      await op.waitForURL((url) => url.pathname === "/alquilar");
      await op.getByRole("heading", { name: "Alquilar", level: 1 }).waitFor();
      await op.getByTestId("deal-user-name").filter({ hasText: "Olga" }).waitFor();
      await op.getByRole("button", { name: "Salir" }).first().waitFor();
      await op.getByRole("link", { name: title }).first().waitFor();
      const toggle = op.getByRole("button", { name: "Nuevo alquiler" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      const form = op.getByRole("form", { name: "Publicar un alquiler" });
      await form.getByRole("button", { name: "Crear alquiler" }).click();
      await form.getByText(RENTAL_MSG.required).waitFor();
      await form.getByLabel("Activo").selectOption({ label: title });
      await form.getByLabel("Precio por día (créditos)").fill("5");
      await form.getByLabel("Fecha de inicio").fill(day(-1));
      await form.getByLabel("Fecha de fin").fill(day(10));
      await form.getByLabel("Términos").fill("Se devuelve limpia. Incluye manguera de 10 m.");
      await form.getByRole("button", { name: "Crear alquiler" }).click();
      await form.getByText(RENTAL_MSG.startBeforeToday).waitFor();
      await form.getByLabel("Fecha de inicio").fill(day(0));
      await screenshot(op, `alquilar-form-${ownerViewport.width}`);
      await form.getByRole("button", { name: "Crear alquiler" }).click();
      await expectToast(op, RENTAL_MSG.created);
      await form.waitFor({ state: "detached" });
      const myCard = op.getByTestId("rental-card").filter({ hasText: title });
      await myCard.getByTestId("rental-price").filter({ hasText: "5 créditos por día" }).waitFor();
      expect(await myCard.getByTestId("rental-status").textContent()).toBe("Activo");
      await myCard.getByText("Incluye manguera de 10 m.").waitFor();
      await myCard.getByRole("button", { name: "Cerrar publicación" }).waitFor();
      await expectHeader(op, "creditos-disponibles", 0);
      await expectHeader(op, "creditos-bloqueados", asset.credits);

      // The rival opens the asset page now, before anything is booked, and keeps that view (the
      // panel's polling would otherwise learn of the booking and refuse the dates before asking).
      const xp = rival.page;
      const assetRental = `**/api/rentals/asset/${asset.id}`;
      let staleView: string | null = null;
      await xp.route(assetRental, async (route) => {
        staleView ??= await (await route.fetch()).text();
        await route.fulfill({ status: 200, contentType: "application/json", body: staleView });
      });
      await xp.goto(`/ver-activo/${asset.id}`);
      await xp.getByTestId("rent-panel").getByText("Ninguna: todo el periodo está libre.").waitFor();

      // The renter books today .. +2 from the asset page: 3 days x 5 = 15 credits into escrow.
      const rp = renter.page;
      await rp.goto("/alquilar");
      const othersCard = rp.getByTestId("rental-card").filter({ hasText: title });
      await othersCard.getByText("Publicado por Olga").waitFor();
      await othersCard.getByRole("link", { name: "Reservar fechas" }).click();
      await rp.waitForURL((url) => url.pathname === `/ver-activo/${asset.id}`);
      await expectHeader(rp, "creditos-disponibles", funds);
      let panel = await pickDates(rp, day(0), day(2));
      expect(await panel.getByTestId("rent-total").textContent()).toBe("15 créditos");
      await panel.getByText("3 días × 5 créditos").waitFor();
      await screenshot(rp, `asset-panel-${renterViewport.width}`);
      await panel.getByRole("button", { name: "Alquilar" }).click();
      const confirm = panel.getByTestId("rent-confirm");
      await confirm.getByText("15 créditos").waitFor();
      await confirm.getByRole("button", { name: "Confirmar alquiler" }).click();
      await expectToast(rp, RENTAL_MSG.booked);
      await panel.getByText("Reserva confirmada").waitFor();
      await expectHeader(rp, "creditos-disponibles", funds - 15);
      await panel.getByTestId("rent-booked").waitFor();
      expect(await horizontalOverflow(rp)).toBeLessThanOrEqual(0);

      // The rival's page still shows the days free: the server refuses the overlapping booking.
      panel = await pickDates(xp, day(1), day(3));
      await panel.getByRole("button", { name: "Alquilar" }).click();
      await xp.unroute(assetRental);
      const refused = xp.waitForResponse((r) => r.url().endsWith("/reservar") && r.request().method() === "POST");
      await panel.getByTestId("rent-confirm").getByRole("button", { name: "Confirmar alquiler" }).click();
      expect((await refused).status()).toBe(409);
      await panel.getByRole("alert").filter({ hasText: RENTAL_MSG.overlap }).waitFor();
      await expectToast(xp, "Error", RENTAL_MSG.overlap);
      await panel.getByTestId("rent-booked").waitFor();
      await expectHeader(xp, "creditos-disponibles", rivalFunds);

      // A future booking (+5 .. +6, 10 credits) that the renter cancels: the credits come back.
      await rp.reload();
      panel = await pickDates(rp, day(5), day(6));
      expect(await panel.getByTestId("rent-total").textContent()).toBe("10 créditos");
      await panel.getByRole("button", { name: "Alquilar" }).click();
      await panel.getByTestId("rent-confirm").getByRole("button", { name: "Confirmar alquiler" }).click();
      await expectToast(rp, RENTAL_MSG.booked);
      await expectHeader(rp, "creditos-disponibles", funds - 25);
      await panel.getByRole("link", { name: "Mis reservas" }).click();
      await rp.waitForURL((url) => url.pathname === "/alquilar");
      await rp.getByRole("heading", { name: "Como arrendatario (2)" }).waitFor();
      const future = rp
        .getByTestId("booking-card")
        .filter({ has: rp.getByTestId("booking-total").getByText("10 créditos") });
      const current = rp
        .getByTestId("booking-card")
        .filter({ has: rp.getByTestId("booking-total").getByText("15 créditos") });
      expect(await future.getByTestId("booking-days").textContent()).toBe("2");
      expect(await current.getByTestId("booking-days").textContent()).toBe("3");
      // The current one has started: it can no longer be cancelled.
      expect(await current.getByRole("button", { name: "Cancelar reserva" }).count()).toBe(0);
      await future.getByRole("button", { name: "Cancelar reserva" }).click();
      await future.getByText("te devolveremos 10 créditos").waitFor();
      await future.getByRole("button", { name: "Sí, cancelar" }).click();
      await expectToast(rp, RENTAL_MSG.cancelled);
      await future.getByTestId("booking-state").filter({ hasText: "Cancelada" }).waitFor();
      await expectHeader(rp, "creditos-disponibles", funds - 15);

      // The owner finishes the started rental: 15 credits arrive, and the asset's hold is released.
      await op.reload();
      await op.getByRole("heading", { name: "Como arrendador (2)" }).waitFor();
      await screenshot(op, `alquilar-${ownerViewport.width}`);
      const ownerCard = op
        .getByTestId("booking-card")
        .filter({ has: op.getByTestId("booking-total").getByText("15 créditos") });
      await ownerCard.getByText("Rita").waitFor();
      await ownerCard.getByRole("button", { name: "Finalizar operación" }).click();
      await ownerCard.getByText("recibirás 15 créditos").waitFor();
      await ownerCard.getByRole("button", { name: "Sí, finalizar" }).click();
      await expectToast(op, RENTAL_MSG.finished);
      await ownerCard.getByTestId("booking-state").filter({ hasText: "Finalizada" }).waitFor();
      await expectHeader(op, "creditos-disponibles", 15 + asset.credits);
      await expectHeader(op, "creditos-bloqueados", 0);
      expect(await horizontalOverflow(op)).toBeLessThanOrEqual(0);

      await rp.reload();
      await current.getByTestId("booking-state").filter({ hasText: "Finalizada" }).waitFor();
      await expectHeader(rp, "creditos-disponibles", funds - 15);

      // The owner's asset page: the publication and a way to manage it.
      await op.goto(`/ver-activo/${asset.id}`);
      const ownPanel = op.getByTestId("rent-panel");
      await ownPanel.getByRole("heading", { name: "Tu alquiler" }).waitFor();
      await ownPanel.getByRole("link", { name: "Gestionar en Alquilar" }).waitFor();
      await screenshot(op, `asset-owner-${ownerViewport.width}`);

      // Signed out on the asset page: 'Inicia sesión primero' and the sign-in dialog.
      await visitor.page.goto(`/ver-activo/${asset.id}`);
      panel = await pickDates(visitor.page, day(8), day(9));
      await panel.getByRole("button", { name: "Alquilar" }).click();
      await expectToast(visitor.page, "Inicia sesión primero");
      await visitor.page.getByRole("dialog", { name: "Iniciar Sesión" }).waitFor();

      // The owner closes the publication: no new bookings, the asset page says so.
      await op.getByTestId("rent-panel").getByRole("link", { name: "Gestionar en Alquilar" }).click();
      await myCard.getByRole("button", { name: "Cerrar publicación" }).click();
      await myCard.getByRole("button", { name: "Sí, cerrar" }).click();
      await expectToast(op, RENTAL_MSG.closedOk);
      await myCard.getByTestId("rental-status").filter({ hasText: "Cerrado" }).waitFor();
      expect(await myCard.getByRole("button", { name: "Cerrar publicación" }).count()).toBe(0);
      await rp.goto(`/ver-activo/${asset.id}`);
      await rp.getByTestId("rent-panel").getByText(RENTAL_MSG.notForRent).waitFor();
      expect(await rp.getByTestId("rent-panel").getByLabel("Desde").count()).toBe(0);

      expect(owner.errors).toEqual([]);
      expect(renter.errors).toEqual([]);
      expect(unexpected(rival.errors)).toEqual([]);
      expect(unexpected(visitor.errors)).toEqual([]);
    }, 240_000);
  });
}
