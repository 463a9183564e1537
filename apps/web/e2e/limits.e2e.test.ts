/**
 * Limits on self-declared value (issue 12, ADR 015), in the browser: a person whose sale releases
 * more than the 30-day limit sees the amount en revisión and why (header explanation, wallet,
 * /economia); an admin approves it from the desk's 'Revisiones' tab and the credits become available.
 */
import { formatCredits, RELEASE_LIMIT_UNVERIFIED } from "@valoriza/domain";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newUser, openPage } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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
    .waitFor({ timeout: 30_000 });
}

/** `a` registers a good worth `valueCOP` and sells it "in cash" to a helper, who confirms: its hold is released. */
async function sellInCash(request: APIRequestContext, a: Account, valueCOP: number): Promise<number> {
  const asset = await request.post("/api/assets", {
    headers: auth(a),
    data: {
      title: "Portátil de trabajo",
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
  expect(asset.status()).toBe(201);
  const good = ((await asset.json()) as { data: { _id: string; creditosAsignados: number } }).data;
  const helper = await account(request, newUser("comprador-limites").email, "Beto");
  const sale = await request.post("/api/transacciones/crear", {
    headers: auth(helper),
    data: { activoId: good._id, compradorId: helper.id, vendedorId: a.id, modoPago: "dinero" },
  });
  expect(sale.status()).toBe(201);
  const mine = await request.get("/api/custodia/mis-custodias", { headers: auth(a) });
  const list = ((await mine.json()) as { data: { codigoConfirmacion?: string }[] }).data;
  const code = list.find((c) => c.codigoConfirmacion)?.codigoConfirmacion ?? "";
  const confirm = await request.put(`/api/custodia/confirmar/${code}`, { headers: auth(helper) });
  expect(confirm.status()).toBe(200);
  return good.creditosAsignados;
}

describe("límites de liberación", () => {
  it("a person past the limit sees the amount in review and why; an admin approves it from the desk", {
    timeout: 240_000,
  }, async () => {
    const person = await openPage(browser);
    const ana = await account(person.page.request, newUser("limites").email, "Ana");
    const issued = await sellInCash(person.page.request, ana, 3_500_000); // 3.150 créditos
    const held = issued - RELEASE_LIMIT_UNVERIFIED;
    expect(held).toBe(1150);
    const heldText = `${formatCredits(held)} créditos`;

    await signIn(person.page, ana);
    // The header's blocked-credits explanation.
    const chip = person.page.getByTestId("creditos-bloqueados").filter({ visible: true });
    await chip.filter({ hasText: formatCredits(held) }).waitFor({ timeout: 20_000 });
    await person.page
      .getByRole("button", { name: "¿Qué son los créditos bloqueados?" })
      .filter({ visible: true })
      .click();
    const note = person.page.getByTestId("header-en-revision").filter({ visible: true });
    await note.getByText(`En revisión: ${heldText}.`).waitFor();
    await note.getByText(/límite de 2\.000 créditos liberados en 30 días/).waitFor();
    await person.page.keyboard.press("Escape");

    // The wallet.
    await person.page.goto("/mis-activos?tab=wallet");
    const wallet = person.page.getByTestId("wallet-en-revision");
    await wallet.getByText(`En revisión: ${heldText}`).waitFor();
    await wallet.getByText(/Portátil de trabajo/).waitFor();
    await wallet.getByText(/Liberados en los últimos 30 días: 2\.000 de 2\.000/).waitFor();

    // /economia: the person's note and the report's new figures.
    await person.page.goto("/economia");
    await person.page.getByTestId("economia-en-revision").getByText(`Tienes ${heldText} en revisión`).waitFor();
    await person.page.getByText("Créditos en revisión", { exact: true }).waitFor();
    await person.page.getByText("Créditos liberados este mes", { exact: true }).waitFor();

    // The admin approves it from the desk's review queue, with the evidence in view.
    const desk = await openPage(browser);
    const boss = await account(desk.page.request, "e2e-admin-limites@valoriza.test", "Valeria");
    await signIn(desk.page, boss);
    await desk.page.goto("/admin");
    await desk.page.getByRole("tab", { name: "Revisiones" }).click();
    const entry = desk.page.getByTestId("revision").filter({ hasText: String(ana.user.email) });
    await entry.getByText(/"Portátil de trabajo" \(Tecnología\)/).waitFor();
    await entry.getByText(/Contraparte: /).waitFor();
    await entry.getByRole("button", { name: `Aprobar ${formatCredits(held)} créditos` }).click();
    await desk.page.getByText("Créditos aprobados").first().waitFor();
    await entry.waitFor({ state: "detached", timeout: 20_000 });

    // The person's credits are available; nothing is in review any more.
    await person.page.goto("/mis-activos?tab=wallet");
    await person.page
      .getByTestId("wallet-en-revision")
      .getByText(/Liberados en los últimos 30 días/)
      .waitFor();
    await expect
      .poll(async () => person.page.getByTestId("wallet-en-revision").getByText("En revisión:").count())
      .toBe(0);
    await person.page
      .getByTestId("creditos-disponibles")
      .filter({ visible: true, hasText: formatCredits(issued) })
      .waitFor({ timeout: 20_000 });
    expect(person.errors).toEqual([]);
    expect(desk.errors).toEqual([]);
  });
});
