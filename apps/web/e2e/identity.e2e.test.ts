/**
 * Identity verification (issue 17 item 1, ADR 021) in the browser: a person with a verified email
 * (the mailed link, as the e2e server writes mails as .eml files) goes from /perfil to /verificacion on
 * a phone, uploads a photo of the document and a selfie, and sees 'En revisión'; an admin opens the
 * desk's 'Identidad' tab, sees both images and approves; the person sees 'Aprobada' and the verified
 * badge on /perfil.
 */
import { mkdirSync } from "node:fs";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import {
  DESKTOP,
  elementsOutsideViewport,
  expectToast,
  horizontalOverflow,
  launchBrowser,
  newUser,
  openPage,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
} from "./helpers.ts";
import { verificationToken } from "./mail.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN_EMAIL = "e2e-admin-identidad@valoriza.test";

interface Account {
  token: string;
  id: string;
  user: Record<string, unknown>;
}

async function account(request: APIRequestContext, email: string, name: string): Promise<Account> {
  const data = { name, apellido: "Prueba", email, password: "secreto123", aceptaTerminos: true };
  let response = await request.post("/api/users/register", { data });
  if (response.status() === 409) response = await request.post("/api/users/login", { data });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: Record<string, unknown> & { token: string; _id: string } };
  const { token, ...user } = body.data;
  return { token, id: body.data._id, user };
}

async function signIn(page: Page, a: Account) {
  await page.goto("/");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("user", u);
      localStorage.setItem("token", t);
    },
    [a.token, JSON.stringify(a.user)] as const,
  );
  await page.reload();
  await page
    .getByRole("navigation", { name: "Cuenta" })
    .getByRole("button", { name: "Salir" })
    .waitFor({ timeout: 30_000 * TIMEOUT_SCALE });
}

/** Two camera-like photos drawn in the page (a card with a number, a face), as PNG files. */
async function photos(page: Page) {
  const [doc, face] = await page.evaluate(async () => {
    const draw = async (w: number, h: number, paint: (c: CanvasRenderingContext2D) => void) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      paint(ctx);
      return canvas.toDataURL("image/png").split(",")[1] ?? "";
    };
    return Promise.all([
      draw(1200, 760, (c) => {
        c.fillStyle = "#e8f1fb";
        c.fillRect(0, 0, 1200, 760);
        c.fillStyle = "#1d4e89";
        c.fillRect(0, 0, 1200, 120);
        c.fillStyle = "#ffffff";
        c.font = "bold 52px sans-serif";
        c.fillText("REPÚBLICA DE COLOMBIA", 40, 80);
        c.fillStyle = "#9aa7b5";
        c.fillRect(60, 190, 300, 380);
        c.fillStyle = "#0f172a";
        c.font = "bold 44px sans-serif";
        c.fillText("CÉDULA DE CIUDADANÍA", 420, 240);
        c.font = "40px monospace";
        c.fillText("NÚMERO 1.020.304.050", 420, 330);
        c.fillText("GÓMEZ ANA", 420, 420);
      }),
      draw(720, 960, (c) => {
        c.fillStyle = "#d9e7dd";
        c.fillRect(0, 0, 720, 960);
        c.fillStyle = "#e0ac69";
        c.beginPath();
        c.ellipse(360, 420, 200, 260, 0, 0, Math.PI * 2);
        c.fill();
        c.fillStyle = "#1f2937";
        c.beginPath();
        c.arc(290, 380, 22, 0, Math.PI * 2);
        c.arc(430, 380, 22, 0, Math.PI * 2);
        c.fill();
        c.fillRect(300, 540, 120, 16);
      }),
    ]);
  });
  return {
    documento: { name: "cedula.png", mimeType: "image/png", buffer: Buffer.from(doc, "base64") },
    selfie: { name: "selfie.png", mimeType: "image/png", buffer: Buffer.from(face, "base64") },
  };
}

describe("identity verification", () => {
  it("a person uploads a document and a selfie on a phone, an admin approves on the desk, the person is verified", async () => {
    const { page, errors } = await openPage(browser, PHONE);
    const user = newUser("identidad");
    const person = await account(page.request, user.email, "Ana");
    // The email first: the mailed link (the form needs a verified email).
    const token = await verificationToken(user.email);
    expect((await page.request.post("/api/users/verificar-email", { data: { token } })).status()).toBe(200);
    await signIn(page, person);

    // From /perfil: 'Sin verificar' and the way to verify.
    await page.goto("/perfil");
    await page.getByText("Sin verificar").waitFor();
    await screenshot(page, "identidad-perfil-390", false);
    await page.getByRole("link", { name: "Verificar mi identidad" }).click();
    await page.waitForURL((url) => url.pathname === "/verificacion");
    await page.getByRole("heading", { name: "Aún no has verificado tu identidad" }).waitFor();
    await expect.poll(() => page.title()).toBe("Verificación de identidad · Valoriza");

    // Keyboard: sending the empty form says what is missing and moves the focus to it.
    const send = page.getByRole("button", { name: "Enviar para revisión" });
    await send.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Escribe el número de tu documento").waitFor();
    await page.getByText("Adjunta una foto de tu documento").waitFor();
    await page.getByText("Adjunta una selfie (una foto de tu cara)").waitFor();
    await page.getByText("Para enviar tus documentos debes autorizar").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    expect(await page.getByLabel("Número de documento").evaluate((el) => el === document.activeElement)).toBe(true);

    // The file inputs open the camera on phones: the back one for the document, the front one for the selfie.
    expect(await page.getByLabel("Foto de tu documento", { exact: true }).getAttribute("capture")).toBe("environment");
    expect(await page.getByLabel("Selfie", { exact: true }).getAttribute("capture")).toBe("user");

    await page.getByLabel("Tipo de documento").selectOption("CC");
    await page.getByLabel("Número de documento").fill(`1.0${Date.now().toString().slice(-8)}`);
    expect(await page.getByText("Escribe el número de tu documento").count()).toBe(0);
    const files = await photos(page);
    await page.getByLabel("Foto de tu documento", { exact: true }).setInputFiles(files.documento);
    await page.getByLabel("Selfie", { exact: true }).setInputFiles(files.selfie);
    await page.getByRole("img", { name: "Vista previa: foto de tu documento" }).waitFor();
    await page.getByRole("img", { name: "Vista previa: selfie" }).waitFor();
    await page.getByRole("checkbox", { name: /Autorizo a Valoriza a tratar la foto de mi documento/ }).check();
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.getByRole("button", { name: "Cambiar la foto (selfie)" }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await elementsOutsideViewport(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "identidad-formulario-390");

    await send.click();
    await expectToast(page, "Documentos enviados");
    await page.getByRole("heading", { name: "Tus documentos están en revisión" }).waitFor();
    expect(await page.getByTestId("estado-identidad").textContent()).toBe("En revisión");
    expect(await page.getByRole("button", { name: "Enviar para revisión" }).count()).toBe(0);
    await screenshot(page, "identidad-en-revision-390");

    // The admin's desk, on a desktop: the 'Identidad' tab, the person's card with both images.
    const desk = await openPage(browser, DESKTOP);
    const admin = await account(desk.page.request, ADMIN_EMAIL, "Admin");
    await signIn(desk.page, admin);
    await desk.page.goto("/admin");
    await desk.page.getByRole("tab", { name: "Identidad" }).click();
    const card = desk.page.getByTestId("verificacion").filter({ hasText: user.email });
    await card.waitFor();
    await card.getByText("Cédula de ciudadanía").waitFor();
    for (const alt of ["Documento de Ana Prueba", "Selfie de Ana Prueba"]) {
      const img = card.getByRole("img", { name: alt });
      await img.waitFor();
      await expect
        .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      expect(await img.getAttribute("src")).toMatch(/^blob:/);
    }
    await card.scrollIntoViewIfNeeded();
    expect(await seriousViolations(desk.page)).toEqual([]);
    await screenshot(desk.page, "identidad-escritorio-desktop");
    // The desk on a phone too: the card fits.
    await desk.page.setViewportSize(PHONE);
    expect(await horizontalOverflow(desk.page)).toBeLessThanOrEqual(0);
    expect(await elementsOutsideViewport(desk.page)).toEqual([]);
    await screenshot(desk.page, "identidad-escritorio-390");
    await card.getByRole("button", { name: "Aprobar identidad" }).click();
    await expectToast(desk.page, "Identidad aprobada");
    await card.waitFor({ state: "detached" });

    // The person: 'Aprobada', and the verified badge on /perfil.
    await page.reload();
    await page.getByRole("heading", { name: "Tu identidad está verificada" }).waitFor();
    expect(await page.getByTestId("estado-identidad").textContent()).toBe("Aprobada");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "identidad-aprobada-390");
    await page.setViewportSize(DESKTOP);
    await screenshot(page, "identidad-aprobada-desktop");
    await page.goto("/perfil");
    await page.getByText("Cuenta verificada").waitFor();
    await screenshot(page, "identidad-perfil-verificada-desktop", false);
    expect(await page.getByRole("link", { name: "Verificar mi identidad" }).count()).toBe(0);

    expect(errors).toEqual([]);
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();
    await page.context().close();
  }, 120_000);

  it("without a verified email the page says so and points to the banner's new link; no form", async () => {
    const { page, errors } = await openPage(browser, PHONE);
    const user = newUser("identidad-sin-correo");
    await signIn(page, await account(page.request, user.email, "Luis"));
    await page.goto("/verificacion");
    await page.getByRole("heading", { name: "Primero verifica tu correo" }).waitFor();
    expect(await page.getByRole("button", { name: "Enviar para revisión" }).count()).toBe(0);
    await page.getByRole("button", { name: "Reenviar enlace" }).waitFor();
    await screenshot(page, "identidad-sin-correo-390");
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
