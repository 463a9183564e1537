import { formatCredits } from "@valoriza/domain";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { newUser, openPage, type TestUser } from "./helpers.ts";
import { TIMEOUT_SCALE } from "./timeout-scale.ts";
import { verifyIdentity } from "./verify.ts";

/**
 * People signed up through the API for the deal browser tests (sales, exchanges, loans, rentals,
 * donations and gifts), identity-verified: their completed deals release spendable credits (ADR 015).
 */
export interface Person {
  page: Page;
  errors: string[];
  user: TestUser;
  token: string;
  id: string;
}

export async function person(
  browser: Browser,
  tag: string,
  viewport: { width: number; height: number },
  name: string,
): Promise<Person> {
  const { page, errors } = await openPage(browser, viewport);
  const user = { ...newUser(tag), name };
  const response = await page.request.post("/api/users/register", { data: user });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: Record<string, unknown> & { token: string; _id: string } };
  const { token, ...rest } = body.data;
  await verifyIdentity(page.request, body.data._id);
  await page.goto("/");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("user", u);
      localStorage.setItem("token", t);
    },
    [token, JSON.stringify(rest)] as const,
  );
  await page.reload();
  return { page, errors, user, token, id: body.data._id };
}

export const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });

/** {@link person}, then waits (generously: the suite shares a small machine) for the signed-in header. */
export async function signedInPerson(
  browser: Browser,
  tag: string,
  viewport: { width: number; height: number },
  name: string,
): Promise<Person> {
  const p = await person(browser, tag, viewport, name);
  await p.page
    .getByRole("navigation", { name: "Cuenta" })
    .getByRole("button", { name: "Salir" })
    .waitFor({ timeout: 30_000 * TIMEOUT_SCALE });
  return p;
}

export async function createAsset(p: Person, title: string, mainPurpose: string) {
  const r = await p.page.request.post("/api/assets", {
    headers: auth(p),
    data: {
      title,
      description: "Activo de prueba",
      assetType: "bien",
      origin: "personal",
      category: "Herramientas",
      condition: "usado",
      physicalState: "bueno",
      yearOfPurchase: 2022,
      baseValueCOP: 500_000,
      mainPurpose,
      privacy: "publico",
      images: [],
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  const body = (await r.json()) as { data: { _id: string; creditosAsignados: number } };
  return { id: body.data._id, credits: body.data.creditosAsignados };
}

export async function expectHeader(page: Page, testId: "creditos-disponibles" | "creditos-bloqueados", n: number) {
  await page
    .getByTestId(testId)
    .filter({ visible: true, hasText: new RegExp(`^${formatCredits(n).replaceAll(".", "\\.")}$`) })
    .waitFor({ timeout: 20_000 * TIMEOUT_SCALE });
}
