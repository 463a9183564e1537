import { currentYearInColombia } from "@valoriza/domain";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectSignedIn, horizontalOverflow, type TestUser } from "./helpers.ts";

/**
 * Steps shared by the credit economy browser tests (economy.e2e.test.ts, economy-views.e2e.test.ts):
 * a session through the API, a good registered through the API, the header's blocked credits and
 * the page's layout.
 */

export interface Session {
  token: string;
  userId: string;
}

/** Registers through the API, stores the session as the app does and opens `path`. */
export async function signUp(page: Page, user: TestUser, path = "/"): Promise<Session> {
  const response = await page.request.post("/api/users/register", { data: user });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: Record<string, unknown> & { token: string; _id: string } };
  const { token, ...rest } = body.data;
  await page.goto("/");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("user", u);
      localStorage.setItem("token", t);
    },
    [token, JSON.stringify(rest)] as const,
  );
  await page.goto(path);
  await expectSignedIn(page);
  return { token, userId: body.data._id };
}

export interface GoodInput {
  title: string;
  description?: string;
  category?: string;
  baseValueCOP?: number;
}

/** A good registered straight through the API (setup for tests about other screens). */
export async function createGood(
  page: Page,
  session: Session,
  good: GoodInput,
): Promise<{ id: string; credits: number }> {
  const response = await page.request.post("/api/assets", {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {
      title: good.title,
      description: good.description ?? "Activo de prueba",
      assetType: "bien",
      origin: "personal",
      category: good.category ?? "Tecnología",
      condition: "nuevo",
      physicalState: "excelente",
      yearOfPurchase: currentYearInColombia(),
      baseValueCOP: good.baseValueCOP ?? 1_000_000,
      mainPurpose: "intercambiar",
      privacy: "publico",
      images: [],
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { _id: string; creditosAsignados: number } };
  return { id: body.data._id, credits: body.data.creditosAsignados };
}

export async function expectBlocked(page: Page, text: string): Promise<void> {
  await page
    .getByTestId("creditos-bloqueados")
    .filter({ visible: true, hasText: new RegExp(`^${text}$`) })
    .waitFor();
}

/** No horizontal scroll, and nothing of the page's own content (main) sticks out at the sides. */
export async function expectNoLayoutOverflow(page: Page): Promise<void> {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p.id !== "contenido"; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== "visible") return true;
      }
      return false;
    };
    return [...document.querySelectorAll("#contenido *")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 1 && r.height > 1 && (r.right > width + 1 || r.left < -1) && !clipped(el);
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`);
  });
  expect(outside).toEqual([]);
}
