/**
 * Issue 20 items 2 and 3: the 'Notificaciones' section of /perfil on a phone (390 px). Chromium
 * here has no push service to subscribe to (no network), so the subscription itself is tested from
 * the server side (apps/server/src/modules/push/push.test.ts, against a push service on loopback);
 * this file checks the section, its keyboard use and that the chosen preferences are kept.
 */
import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  elementsOutsideViewport,
  expectToast,
  horizontalOverflow,
  launchBrowser,
  newUser,
  openPage,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
  signUpViaApi,
} from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("Notificaciones en /perfil", () => {
  it("a 390 px, con el teclado, guarda 'Un resumen al día' sin push y lo conserva al recargar", async () => {
    const { page, errors } = await openPage(browser, PHONE);
    await signUpViaApi(page, newUser("avisos"));
    await page.goto("/perfil");
    const section = page.getByRole("heading", { name: "Notificaciones", level: 2 });
    await section.waitFor();
    const form = page.getByRole("form", { name: "Notificaciones" });

    // Defaults: a mail for each step, push on; the address is not verified yet, and it says so.
    const inmediato = form.getByRole("radio", { name: /Al momento/ });
    const diario = form.getByRole("radio", { name: /Un resumen al día/ });
    expect(await inmediato.isChecked()).toBe(true);
    const push = form.getByRole("checkbox", { name: /Enviar notificaciones push/ });
    expect(await push.isChecked()).toBe(true);
    await form.getByText("Verifica tu correo para recibir avisos por correo.").waitFor();
    // This device's state is read from the browser (no subscription here).
    await page
      .getByTestId("push-device-state")
      .filter({ hasText: /dispositivo|navegador/ })
      .waitFor();

    // Keyboard only: the push box, then the radio group (arrows move the choice), then the button.
    await push.focus();
    await page.keyboard.press("Space");
    expect(await push.isChecked()).toBe(false);
    await page.keyboard.press("Tab");
    expect(await inmediato.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("ArrowDown");
    expect(await diario.isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    const save = form.getByRole("button", { name: "Guardar preferencias" });
    expect(await save.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expectToast(page, "Preferencias de notificaciones guardadas");

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await elementsOutsideViewport(page)).toEqual([]);

    await page.reload();
    const again = page.getByRole("form", { name: "Notificaciones" });
    await again.getByRole("radio", { name: /Un resumen al día/ }).waitFor();
    await expect.poll(() => again.getByRole("radio", { name: /Un resumen al día/ }).isChecked()).toBe(true);
    expect(await again.getByRole("checkbox", { name: /Enviar notificaciones push/ }).isChecked()).toBe(false);
    await again.getByRole("button", { name: "Guardar preferencias" }).scrollIntoViewIfNeeded();
    await screenshot(page, "notificaciones-390", false);
    const stored = await page.evaluate(async () => {
      const r = await fetch("/api/profile/notificaciones", {
        headers: { Authorization: `Bearer ${localStorage.getItem("token")}` },
      });
      return (await r.json()) as { data: { correo: string; push: boolean } };
    });
    expect(stored.data).toMatchObject({ correo: "diario", push: false });
    expect(errors).toEqual([]);
  });
});
