import { mkdirSync } from "node:fs";
import { formatCredits } from "@valoriza/domain";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import {
  DESKTOP,
  expectToast,
  horizontalOverflow,
  launchBrowser,
  newUser,
  openPage,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
} from "./helpers.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";
import { verifyIdentity } from "./verify.ts";

/*
 * The official marketplace, withdrawals and the admin's desk (issue 11), on desktop and phone:
 * a member opening /retiros is told why and sent home; an admin creates a product on /admin; a
 * member buys it and sees the stock and their credits drop; the admin fulfils the purchase, then
 * requests two withdrawals, approves one with a reference and rejects the other (credits back).
 */

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const RESTRICTED = "Acceso restringido: Esta función está temporalmente disponible solo para administradores.";

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

const auth = (a: Account) => ({ Authorization: `Bearer ${a.token}` });

/**
 * Gives `a` spendable credits the way the product does: `a` sells a good, a helper buys it in
 * cash and confirms the handover with the code, which releases the good's credits to `a`.
 */
async function earnCredits(request: APIRequestContext, a: Account, tag: string): Promise<number> {
  // Only identity-verified people turn what they registered into spendable credits (ADR 015).
  await verifyIdentity(request, a.id);
  const asset = await request.post("/api/assets", {
    headers: auth(a),
    data: {
      title: `Lámpara ${tag}`,
      description: "Lámpara de escritorio",
      assetType: "bien",
      origin: "personal",
      category: "Tecnología",
      condition: "usado",
      physicalState: "bueno",
      yearOfPurchase: 2022,
      baseValueCOP: 200_000,
      mainPurpose: "vender",
      privacy: "publico",
      images: [],
    },
  });
  expect(asset.status()).toBe(201);
  const good = ((await asset.json()) as { data: { _id: string; creditosAsignados: number } }).data;
  const helper = await account(request, newUser(`ayudante-${tag}`).email, "Beto");
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

async function expectAvailable(page: Page, n: number) {
  await page
    .getByTestId("creditos-disponibles")
    .filter({ visible: true, hasText: new RegExp(`^${formatCredits(n).replaceAll(".", "\\.")}$`) })
    .waitFor({ timeout: 20_000 * TIMEOUT_SCALE });
}

describe.each([
  ["escritorio", DESKTOP],
  ["telefono", PHONE],
] as const)("marketplace, retiros y escritorio de administración en %s", (label, viewport) => {
  it("a member is sent home from /retiros; an admin sells, fulfils and pays out", {
    timeout: 300_000 * TIMEOUT_SCALE,
  }, async () => {
    const member = await openPage(browser, viewport);
    const admin = await openPage(browser, viewport);
    const buyer = await account(member.page.request, newUser(`comprador-${label}`).email, "Carla");
    const boss = await account(admin.page.request, `e2e-admin-${label}@valoriza.test`, "Valeria");
    expect(boss.user.isAdmin).toBe(true);
    const buyerCredits = await earnCredits(member.page.request, buyer, `c-${label}`);
    const adminStart = await (async () => {
      const r = await admin.page.request.get("/api/profile", { headers: auth(boss) });
      return ((await r.json()) as { data: { creditosDisponibles: number } }).data.creditosDisponibles;
    })();
    const adminCredits = adminStart + (await earnCredits(admin.page.request, boss, `a-${label}`));

    // 1. A member opening /retiros is told why and sent home; no admin call ends their session.
    await signIn(member.page, buyer);
    await member.page.goto("/retiros");
    await expectToast(member.page, RESTRICTED);
    await member.page.waitForURL((u) => u.pathname === "/");
    await member.page.getByRole("navigation", { name: "Cuenta" }).getByRole("button", { name: "Salir" }).waitFor();

    // 2. The admin creates a product on the desk.
    const nombre = `Bono de cine ${label} ${Date.now() % 100000}`;
    await signIn(admin.page, boss);
    await admin.page.goto("/admin");
    await admin.page.getByRole("heading", { name: "Escritorio de administración" }).waitFor();
    await admin.page.getByLabel("Nombre", { exact: true }).fill(nombre);
    await admin.page.getByLabel("Categoría", { exact: true }).fill("Entretenimiento");
    await admin.page.getByLabel("Descripción").fill("Dos entradas para cualquier función 2D.");
    await admin.page.getByLabel("Créditos", { exact: true }).fill("7");
    await admin.page.getByLabel("Stock", { exact: true }).fill("2");
    await admin.page.getByRole("checkbox", { name: "Destacado" }).check();
    await admin.page.getByRole("button", { name: "Crear producto" }).click();
    await expectToast(admin.page, "Producto creado");
    await admin.page.getByRole("list", { name: "Productos del Marketplace" }).getByText(nombre).waitFor();
    await screenshot(admin.page, `admin-productos-${label}`);

    // 3. The member buys it: the stock and their credits drop.
    await member.page.goto("/marketplace");
    const card = member.page.getByRole("listitem").filter({ has: member.page.getByRole("heading", { name: nombre }) });
    await card.getByText("2 disponibles").waitFor();
    await card.getByText("Destacado").waitFor();
    await expectAvailable(member.page, buyerCredits);
    await card.getByRole("button", { name: "Comprar con Créditos" }).click();
    await expectToast(member.page, "Compra exitosa", nombre);
    await card.getByText("1 disponible", { exact: true }).waitFor();
    await expectAvailable(member.page, buyerCredits - 7);
    expect(await horizontalOverflow(member.page)).toBe(0);
    await screenshot(member.page, `marketplace-${label}`);

    // 4. The admin fulfils the purchase.
    await admin.page.getByRole("tab", { name: "Compras" }).click();
    const deliver = admin.page.getByRole("button", {
      name: `Marcar entregada la compra de ${nombre} de ${buyer.email}`,
    });
    await deliver.click();
    await expectToast(admin.page, "Compra marcada como entregada");
    await deliver.waitFor({ state: "detached" });
    await member.page.goto("/mi-actividad");
    await member.page
      .getByText(`Tu compra "${nombre}" del Marketplace fue entregada.`)
      .first()
      .waitFor({ timeout: 20_000 * TIMEOUT_SCALE });

    // 5. The admin requests two withdrawals on /retiros, approves one and rejects the other.
    await admin.page.goto("/retiros");
    await admin.page.getByRole("heading", { name: "Solicitar retiro" }).waitFor();
    await expectAvailable(admin.page, adminCredits);
    await admin.page.getByLabel("Monto en créditos").fill("0");
    await admin.page.getByRole("button", { name: "Solicitar retiro" }).click();
    await admin.page.getByText("Por favor ingresa un monto mayor a cero para continuar.").waitFor();
    for (const [monto, celular] of [
      ["3", "3001234567"],
      ["2", "3007654321"],
    ] as const) {
      await admin.page.getByLabel("Monto en créditos").fill(monto);
      await admin.page.getByLabel("Método").selectOption("nequi");
      await admin.page.getByLabel(/Número celular/).fill(celular);
      await admin.page.getByRole("button", { name: "Solicitar retiro" }).click();
      await expectToast(admin.page, "Retiro solicitado");
    }
    await expectAvailable(admin.page, adminCredits - 5);
    await admin.page.getByRole("list", { name: "Mis retiros" }).getByText("Nequi ••••4567").waitFor();
    // The method is said once, not "Nequi · Nequi ••••4567" (issue 15 item 13).
    expect(await admin.page.getByRole("list", { name: "Mis retiros" }).getByText("Nequi · Nequi").count()).toBe(0);
    await screenshot(admin.page, `retiros-${label}`);

    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: "Retiros" }).click();
    const approve = admin.page.getByRole("button", { name: `Aprobar el retiro de 3 créditos de ${boss.email}` });
    const row = admin.page.getByRole("listitem").filter({ has: approve });
    await row.getByText("Celular 3001234567").waitFor();
    await row.getByLabel("Referencia del pago").fill("NEQ-20261122-01");
    await approve.click();
    await expectToast(admin.page, "Retiro aprobado");
    await admin.page.getByRole("button", { name: `Rechazar el retiro de 2 créditos de ${boss.email}` }).click();
    await expectToast(admin.page, "Retiro rechazado");
    await expectAvailable(admin.page, adminCredits - 3);
    await admin.page.getByRole("tab", { name: "Registro" }).click();
    const log = admin.page.getByRole("list", { name: "Registro de acciones" });
    await log.getByText("Retiro rechazado").first().waitFor();
    await log.getByText("Compra entregada").first().waitFor();
    await log.getByText("Producto creado").first().waitFor();
    expect(await horizontalOverflow(admin.page)).toBe(0);
    await screenshot(admin.page, `admin-registro-${label}`);

    // axe on what only admins see: /retiros and every tab of the desk.
    const found: string[] = [];
    await admin.page.goto("/retiros");
    await admin.page.getByRole("list", { name: "Mis retiros" }).waitFor();
    found.push(...(await seriousViolations(admin.page, { where: "/retiros", still: true })));
    await admin.page.goto("/admin");
    await admin.page.getByRole("list", { name: "Productos del Marketplace" }).waitFor();
    found.push(...(await seriousViolations(admin.page, { where: "/admin productos", still: true })));
    for (const tab of ["Compras", "Retiros", "Registro"]) {
      await admin.page.getByRole("tab", { name: tab }).click();
      await admin.page.getByRole("tabpanel", { name: tab }).locator("h2").waitFor();
      found.push(...(await seriousViolations(admin.page, { where: `/admin ${tab}`, still: true })));
    }
    expect(found).toEqual([]);

    expect(member.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
