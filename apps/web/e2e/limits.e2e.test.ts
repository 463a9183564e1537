import { formatCredits } from "@valoriza/domain";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectToast, launchBrowser, newUser, openPage, PHONE } from "./helpers.ts";
import { verificationToken } from "./mail.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";
import { verifyIdentity } from "./verify.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN_EMAIL = "e2e-admin-limites@valoriza.test";

interface Account {
  token: string;
  id: string;
  email: string;
  user: Record<string, unknown>;
}

async function account(request: APIRequestContext, email: string, name: string): Promise<Account> {
  const data = { name, apellido: "Prueba", email, password: "secreto123", aceptaTerminos: true };
  let response = await request.post("/api/users/register", { data });
  if (response.status() === 409) response = await request.post("/api/users/login", { data });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: Record<string, unknown> & { token: string; _id: string } };
  const { token, ...user } = body.data;
  return { token, id: body.data._id, email, user };
}

const auth = (a: Account) => ({ Authorization: `Bearer ${a.token}` });

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

/** `a` registers a good worth `valueCOP` and sells it "in cash" to a helper, who confirms: its hold is released. */
async function sellInCash(request: APIRequestContext, a: Account, valueCOP: number, title: string): Promise<number> {
  const asset = await request.post("/api/assets", {
    headers: auth(a),
    data: {
      title,
      description: "Portátil con cargador",
      assetType: "bien",
      origin: "personal",
      category: "Tecnología",
      condition: "nuevo",
      physicalState: "excelente",
      yearOfPurchase: new Date().getFullYear(),
      baseValueCOP: valueCOP,
      mainPurpose: "vender",
      privacy: "publico",
      images: [],
    },
  });
  expect(asset.status(), await asset.text()).toBe(201);
  const good = ((await asset.json()) as { data: { _id: string; creditosAsignados: number } }).data;
  const helper = await account(request, newUser("comprador-limites").email, "Beto");
  const sale = await request.post("/api/transacciones/crear", {
    headers: auth(helper),
    data: { activoId: good._id, compradorId: helper.id, vendedorId: a.id, modoPago: "dinero" },
  });
  expect(sale.status()).toBe(201);
  const mine = await request.get("/api/custodia/mis-custodias", { headers: auth(a) });
  const list = ((await mine.json()) as { data: { codigoConfirmacion?: string; assetId: { _id: string } }[] }).data;
  const code = list.find((c) => c.codigoConfirmacion && c.assetId._id === good._id)?.codigoConfirmacion ?? "";
  const confirm = await request.put(`/api/custodia/confirmar/${code}`, { headers: auth(helper) });
  expect(confirm.status()).toBe(200);
  return good.creditosAsignados;
}

/** Two camera-like photos drawn in the page (a card with a number, a face), as PNG files. */
async function photos(page: Page) {
  const [doc, face] = await page.evaluate(async () => {
    const draw = (w: number, h: number, paint: (c: CanvasRenderingContext2D) => void) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      paint(canvas.getContext("2d") as CanvasRenderingContext2D);
      return canvas.toDataURL("image/png").split(",")[1] ?? "";
    };
    return [
      draw(1200, 760, (c) => {
        c.fillStyle = "#e8f1fb";
        c.fillRect(0, 0, 1200, 760);
        c.fillStyle = "#0f172a";
        c.font = "bold 44px sans-serif";
        c.fillText("CÉDULA DE CIUDADANÍA", 420, 240);
        c.fillText("NÚMERO 1.020.304.051", 420, 330);
      }),
      draw(720, 960, (c) => {
        c.fillStyle = "#d9e7dd";
        c.fillRect(0, 0, 720, 960);
        c.fillStyle = "#e0ac69";
        c.beginPath();
        c.ellipse(360, 420, 200, 260, 0, 0, Math.PI * 2);
        c.fill();
      }),
    ];
  });
  return {
    documento: { name: "cedula.png", mimeType: "image/png", buffer: Buffer.from(doc, "base64") },
    selfie: { name: "selfie.png", mimeType: "image/png", buffer: Buffer.from(face, "base64") },
  };
}

const chip = (page: Page, testId: string, n: number) =>
  page
    .getByTestId(testId)
    .filter({ visible: true, hasText: new RegExp(`^${formatCredits(n).replaceAll(".", "\\.")}$`) })
    .waitFor({ timeout: 30_000 * TIMEOUT_SCALE });

describe("límites: una cota por persona", () => {
  it("an honest seller sells for cash, sees why the credits wait, verifies their identity; an admin approves; the credits become spendable", {
    timeout: 240_000 * TIMEOUT_SCALE,
  }, async () => {
    const person = await openPage(browser, PHONE);
    const user = newUser("limites-honesta");
    const ana = await account(person.page.request, user.email, "Ana");
    // The email first (the identity form needs it): the mailed link.
    const token = await verificationToken(user.email);
    expect((await person.page.request.post("/api/users/verificar-email", { data: { token } })).status()).toBe(200);
    const issued = await sellInCash(person.page.request, ana, 300_000, "Portátil de trabajo");
    const text = `${formatCredits(issued)} créditos`;

    await signIn(person.page, ana);
    await chip(person.page, "creditos-bloqueados", issued);
    await chip(person.page, "creditos-disponibles", 0);
    // The header's blocked-credits explanation: the operation is complete; why they wait, and how to go on.
    await person.page
      .getByRole("button", { name: "¿Qué son los créditos bloqueados?" })
      .filter({ visible: true })
      .click();
    const note = person.page.getByTestId("header-en-revision").filter({ visible: true });
    await note.getByText(`En revisión: ${text} de operaciones ya completadas.`).waitFor();
    await note.getByText("Verifica tu identidad para liberar tus créditos").waitFor();
    expect(await note.getByText(/Se liberan cuando completas una operación/).count()).toBe(0);
    await note.getByRole("link", { name: "Verificar mi identidad" }).waitFor();
    await person.page.keyboard.press("Escape");

    // /economia: the person's note with the way to verify, and the report's queue.
    await person.page.goto("/economia");
    const mine = person.page.getByTestId("economia-en-revision");
    await mine.getByText(`Tienes ${text} en revisión`).waitFor();
    await mine.getByRole("link", { name: "Verificar mi identidad" }).waitFor();
    await person.page.getByText("Fila de liberación", { exact: true }).waitFor();
    await person.page.getByText("Esperan verificación de identidad", { exact: true }).waitFor();
    // The circulation card adds up: what was issued, less what was destroyed and what the system's
    // accounts hold (custody, the store, withdrawals), as its line says (one report, as rendered).
    const circulationCard = person.page.locator("dl > div").filter({ hasText: "Créditos en circulación" });
    const hint = (await circulationCard.getByText(/^Emitidos \(/).textContent()) ?? "";
    const parts = [...hint.matchAll(/\(([\d.]+)\)/g)].map((m) => Number((m[1] ?? "").replaceAll(".", "")));
    expect(parts).toHaveLength(5);
    const [emitidos = 0, destruidos = 0, custodia = 0, tienda = 0, retiros = 0] = parts;
    const circulation = Number(((await circulationCard.locator("dd").textContent()) ?? "").replaceAll(".", ""));
    expect(emitidos - destruidos - custodia - tienda - retiros).toBe(circulation);

    // The wallet: the amount, the reason, and the button that starts the verification.
    await person.page.goto("/mis-activos?tab=wallet");
    const wallet = person.page.getByTestId("wallet-en-revision");
    await wallet.getByText(`En revisión: ${text}`).waitFor();
    await wallet
      .getByTestId("revision-item")
      .getByText(`${text} de "Portátil de trabajo": Verifica tu identidad para liberar tus créditos`)
      .waitFor();
    await wallet.getByRole("link", { name: "Verificar mi identidad" }).click();
    await person.page.waitForURL((url) => url.pathname === "/verificacion");

    // The identity verification: a document and a selfie.
    await person.page.getByLabel("Tipo de documento").selectOption("CC");
    await person.page.getByLabel("Número de documento").fill(`2.0${Date.now().toString().slice(-8)}`);
    const files = await photos(person.page);
    await person.page.getByLabel("Foto de tu documento", { exact: true }).setInputFiles(files.documento);
    await person.page.getByLabel("Selfie", { exact: true }).setInputFiles(files.selfie);
    await person.page.getByRole("img", { name: "Vista previa: selfie" }).waitFor();
    await person.page.getByRole("checkbox", { name: /Autorizo a Valoriza a tratar la foto de mi documento/ }).check();
    await person.page.getByRole("button", { name: "Enviar para revisión" }).click();
    await expectToast(person.page, "Documentos enviados");

    // The desk: the review waits for that verification; the identity is approved on its tab.
    const desk = await openPage(browser, DESKTOP);
    const boss = await account(desk.page.request, ADMIN_EMAIL, "Valeria");
    await signIn(desk.page, boss);
    await desk.page.goto("/admin");
    await desk.page.getByRole("tab", { name: "Revisiones" }).click();
    const entry = desk.page.getByTestId("revision").filter({ hasText: user.email });
    await entry.getByTestId("revision-espera").getByText("Tu verificación de identidad").waitFor();
    await entry.getByText(/1 registros · .* · 1 ventas/).waitFor();
    await desk.page.getByRole("tab", { name: "Identidad" }).click();
    const card = desk.page.getByTestId("verificacion").filter({ hasText: user.email });
    await card.getByRole("button", { name: "Aprobar identidad" }).click();
    await expectToast(desk.page, "Identidad aprobada");

    // The person's credits are spendable: the queue releases them when their wallet asks.
    await person.page.goto("/mis-activos?tab=wallet");
    await chip(person.page, "creditos-disponibles", issued);
    await chip(person.page, "creditos-bloqueados", 0);
    await expect
      .poll(async () => person.page.getByTestId("wallet-en-revision").getByText("En revisión:").count())
      .toBe(0);
    await person.page
      .getByTestId("wallet-en-revision")
      .getByText(/identidad verificada/)
      .waitFor();
    expect(person.errors).toEqual([]);
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();
    await person.page.context().close();
  });

  it("a verified seller past 10.000 in 30 days sees until when the rest waits; the admin raises that person's window from the desk", {
    timeout: 240_000 * TIMEOUT_SCALE,
  }, async () => {
    const person = await openPage(browser, DESKTOP);
    const user = newUser("limites-verificada");
    const ana = await account(person.page.request, user.email, "Ana");
    await verifyIdentity(person.page.request, ana.id);
    const first = await sellInCash(person.page.request, ana, 6_000_000, "Cámara profesional");
    const second = await sellInCash(person.page.request, ana, 6_000_000, "Lente profesional");
    const waiting = first + second - 10_000;
    expect(waiting).toBeGreaterThan(0);

    await signIn(person.page, ana);
    await chip(person.page, "creditos-disponibles", 10_000);
    await person.page.goto("/mis-activos?tab=wallet");
    const wallet = person.page.getByTestId("wallet-en-revision");
    await wallet.getByText(`En revisión: ${formatCredits(waiting)} créditos`).waitFor();
    await wallet.getByText(/Se liberan el \d+ de [a-z]+ de \d{4}: puedes liberar hasta 10\.000/).waitFor();
    await wallet.getByText(/Liberados en los últimos 30 días: 10\.000 de 10\.000 \(identidad verificada\)/).waitFor();
    expect(await wallet.getByRole("link", { name: "Verificar mi identidad" }).count()).toBe(0);

    const desk = await openPage(browser, DESKTOP);
    const boss = await account(desk.page.request, ADMIN_EMAIL, "Valeria");
    await signIn(desk.page, boss);
    await desk.page.goto("/admin");
    await desk.page.getByRole("tab", { name: "Revisiones" }).click();
    const entry = desk.page.getByTestId("revision").filter({ hasText: user.email });
    await entry
      .getByTestId("revision-espera")
      .getByText(/Tu ventana de 30 días · se libera el/)
      .waitFor();
    await entry.getByText(/2 registros · .* · 2 ventas/).waitFor();
    await entry.getByText(/10\.000 de 10\.000 liberados/).waitFor();
    await entry.getByLabel("Créditos cada 30 días").fill("20000");
    await entry.getByRole("button", { name: "Ampliar ventana" }).click();
    await expectToast(desk.page, "Ventana de Ana ampliada");

    // The person's next look releases the rest within the new window.
    await person.page.reload();
    await chip(person.page, "creditos-disponibles", first + second);
    await expect
      .poll(async () => person.page.getByTestId("wallet-en-revision").getByText("En revisión:").count())
      .toBe(0);
    await person.page
      .getByTestId("wallet-en-revision")
      .getByText(/de 20\.000 \(identidad verificada\)/)
      .waitFor();
    expect(person.errors).toEqual([]);
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();
    await person.page.context().close();
  });
});
