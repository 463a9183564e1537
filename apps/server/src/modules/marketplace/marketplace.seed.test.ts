/** The demo data (README): the marketplace's products and the administrator account. */
import { TOKEN_TTL_SECONDS } from "@valoriza/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TokenService } from "../../lib/auth.ts";
import { DEMO_PASSWORD, seedDemo } from "../../seed/demo.ts";
import { createTestApp, json, type TestContext } from "../../test/harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("seeds a handful of products (featured, limited, unlimited) and an admin who can open the desk", async () => {
  const config = { jwtSecret: "x".repeat(40), adminEmails: [], dataDir: "/tmp/unused", webDist: undefined };
  const tokens = new TokenService(config.jwtSecret, t.clock, TOKEN_TTL_SECONDS);
  expect(await seedDemo({ db: t.database.db, clock: t.clock, config, tokens })).toBe(true);
  const list = json(await t.app.inject({ method: "GET", url: "/api/marketplace" })).data as {
    stock: number;
    destacado: boolean;
  }[];
  expect(list.length).toBeGreaterThanOrEqual(4);
  expect(list.some((p) => p.destacado)).toBe(true);
  expect(list.some((p) => p.stock === -1)).toBe(true);
  expect(list.some((p) => p.stock > 0)).toBe(true);
  const login = await t.app.inject({
    method: "POST",
    url: "/api/users/login",
    payload: { email: "admin@valoriza.co", password: DEMO_PASSWORD },
  });
  expect(json(login).data.isAdmin).toBe(true);
  const desk = await t.app.inject({
    method: "GET",
    url: "/api/admin/marketplace",
    headers: { authorization: `Bearer ${json(login).data.token}` },
  });
  expect(desk.statusCode).toBe(200);
});
