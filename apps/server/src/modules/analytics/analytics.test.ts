import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.ts";
import { kit } from "../custody/custody.testkit.ts";

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("GET /analytics/overview counts users, available assets and deals without login", async () => {
  const before = (await t.app.inject({ method: "GET", url: "/api/analytics/overview" })).json();
  const [seller, buyer] = await k.users(2);
  if (!seller || !buyer) throw new Error("users");
  await k.fund(buyer, 5000);
  const asset = await k.listFor(seller);
  const mid = (await t.app.inject({ method: "GET", url: "/api/analytics/overview" })).json();
  expect(mid.totalUsers).toBe(before.totalUsers + 2);
  expect(mid.availableAssets).toBe(before.availableAssets + 1);
  expect((await k.buy(buyer, asset._id, seller.id)).statusCode).toBe(201);
  const after = (await t.app.inject({ method: "GET", url: "/api/analytics/overview" })).json();
  expect(after.totalTransactions).toBe(before.totalTransactions + 1);
  expect(after.availableAssets).toBe(before.availableAssets);
  expect(after.activeUsers).toBeGreaterThanOrEqual(2);
});
