import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import {
  choosePayment,
  DESKTOP,
  horizontalOverflow,
  launchBrowser,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
} from "./helpers.ts";
import { createAsset, type Person, signedInPerson } from "./people.ts";

/*
 * Blocks (issue 19 part 4): the seller blocks a buyer from the chat on the asset page (after a
 * confirmation that says what a block does); the buyer can no longer write nor buy and reads why,
 * still signed in; the seller finds the buyer in /perfil 'Personas bloqueadas', unblocks, and the
 * buyer can write again. Desktop and phone, each with its own people.
 */

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const BLOCKED_BY_OTHER = "No puedes interactuar con esta persona.";
const BLOCKED_BY_ME = "Bloqueaste a esta persona. Desbloquéala para continuar.";

const messageBox = (page: Page) => page.getByRole("textbox", { name: "Escribe un mensaje" });

async function say(page: Page, text: string): Promise<void> {
  await messageBox(page).fill(text);
  await messageBox(page).press("Enter");
  await page.getByTestId("chat-message").filter({ hasText: text }).waitFor();
}

async function stillSignedIn(p: Person) {
  await p.page.getByRole("navigation", { name: "Cuenta" }).getByRole("button", { name: "Salir" }).waitFor();
}

async function scenario(tag: string, viewport: { width: number; height: number }) {
  const olga = await signedInPerson(browser, `${tag}-bloquea`, viewport, "Olga");
  const bruno = await signedInPerson(browser, `${tag}-bloqueado`, viewport, "Bruno");
  const title = `Tocadiscos ${tag}`;
  const { id } = await createAsset(olga, title, "vender");

  // Bruno writes to Olga from the asset page.
  await bruno.page.goto(`/ver-activo/${id}`);
  await bruno.page.getByRole("heading", { name: title }).waitFor();
  await bruno.page.getByRole("button", { name: "Contactar" }).click();
  await bruno.page.getByRole("heading", { name: "Chat con Olga" }).waitFor();
  await say(bruno.page, "Hola, ¿lo vendes?");

  // Olga blocks him from the conversation's header, after reading what it does.
  await olga.page.goto(`/ver-activo/${id}`);
  await olga.page.getByRole("heading", { name: "Chat con Bruno" }).waitFor();
  await olga.page.getByRole("button", { name: "Bloquear a Bruno" }).click();
  const dialog = olga.page.getByRole("dialog", { name: "¿Bloquear a Bruno?" });
  await dialog.waitFor();
  await dialog.getByText("Las operaciones que ya tienen en curso siguen hasta terminar.", { exact: false }).waitFor();
  await screenshot(olga.page, `blocks-confirm-${tag}`, false);
  await dialog.getByRole("button", { name: "Bloquear", exact: true }).click();
  await dialog.waitFor({ state: "detached" });
  await olga.page.getByRole("button", { name: "Desbloquear a Bruno" }).waitFor();
  await olga.page.getByText(BLOCKED_BY_ME).waitFor();
  expect(await messageBox(olga.page).isDisabled()).toBe(true);
  expect(await horizontalOverflow(olga.page)).toBeLessThanOrEqual(0);
  await screenshot(olga.page, `blocks-chat-blocker-${tag}`);
  expect(await seriousViolations(olga.page)).toEqual([]);

  // Bruno cannot write: the chat says why, and he is still signed in.
  await messageBox(bruno.page).fill("¿Sigue disponible?");
  await messageBox(bruno.page).press("Enter");
  await bruno.page.getByTestId("chat-blocked").getByText(BLOCKED_BY_OTHER).waitFor();
  expect(await bruno.page.getByTestId("chat-message").filter({ hasText: "¿Sigue disponible?" }).count()).toBe(0);
  await stillSignedIn(bruno);

  // Nor buy: the action panel answers the same.
  await bruno.page.getByRole("button", { name: "Comprar" }).click();
  await choosePayment(bruno.page, "Dinero");
  await bruno.page.getByRole("button", { name: "Confirmar compra" }).click();
  await bruno.page.getByTestId("action-message").filter({ hasText: BLOCKED_BY_OTHER }).waitFor();
  await stillSignedIn(bruno);
  expect(await horizontalOverflow(bruno.page)).toBeLessThanOrEqual(0);
  await screenshot(bruno.page, `blocks-blocked-buyer-${tag}`);
  expect(await seriousViolations(bruno.page)).toEqual([]);

  // Olga's profile lists him; 'Desbloquear' (confirmed) restores everything.
  await olga.page.goto("/perfil");
  const list = olga.page.getByTestId("blocked-people");
  await list.getByText("Bruno", { exact: false }).waitFor();
  await list.scrollIntoViewIfNeeded();
  await screenshot(olga.page, `blocks-profile-${tag}`, false);
  expect(await seriousViolations(olga.page)).toEqual([]);
  await list.getByRole("button", { name: "Desbloquear a Bruno" }).click();
  const undo = olga.page.getByRole("dialog", { name: /^¿Desbloquear a Bruno/ });
  await undo.getByRole("button", { name: "Desbloquear", exact: true }).click();
  await olga.page.getByText("No has bloqueado a nadie.", { exact: false }).waitFor();

  await bruno.page.reload();
  await bruno.page.getByRole("heading", { name: "Chat con Olga" }).waitFor();
  await say(bruno.page, "¿Sigue disponible?");

  expect(olga.errors).toEqual([]);
  // The two refused calls are the only console errors the buyer's page may log (the browser reports 403s).
  expect(bruno.errors.filter((e) => !e.includes("403"))).toEqual([]);
  await olga.page.context().close();
  await bruno.page.context().close();
}

describe("blocks", () => {
  it("desktop: block from the chat, the other cannot write nor buy, unblock from /perfil", async () => {
    await scenario("desk", DESKTOP);
  }, 120_000);

  it("phone: the same at 390 px", async () => {
    await scenario("phone", PHONE);
  }, 120_000);
});
