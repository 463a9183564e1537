/** The demo data (README) includes one rental publication, listed in /alquilar. */
import { colombiaToday, rentalListSchema, TOKEN_TTL_SECONDS } from "@valoriza/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TokenService } from "../../lib/auth.ts";
import { DEMO_RENTAL, seedDemo } from "../../seed/demo.ts";
import { createTestApp, type TestContext } from "../../test/harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("seeds Carlos's guitar for rent from today, bookable by others", async () => {
  const config = { jwtSecret: "x".repeat(40), adminEmails: [], dataDir: "/tmp/unused", webDist: undefined };
  const tokens = new TokenService(config.jwtSecret, t.clock, TOKEN_TTL_SECONDS);
  expect(await seedDemo({ db: t.database.db, clock: t.clock, config, tokens })).toBe(true);
  const res = await t.app.inject({ method: "GET", url: "/api/rentals" });
  const list = rentalListSchema.parse(res.json());
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({
    assetId: { title: DEMO_RENTAL.assetTitle },
    ownerName: "Carlos",
    pricePerDay: DEMO_RENTAL.pricePerDay,
    startDate: colombiaToday(t.clock.now()),
    status: "active",
  });
  const cal = (await t.app.inject({ method: "GET", url: `/api/rentals/asset/${list[0]!.assetId._id}` })).json();
  expect(cal.data.rental._id).toBe(list[0]!._id);
});

it("mails no demo account: the made-up addresses count as verified and have consent on record", async () => {
  const { sql } = await import("drizzle-orm");
  const count = async (q: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  expect(await count(sql`SELECT count(*)::int AS n FROM mail_outbox`)).toBe(0);
  expect(
    await count(sql`SELECT count(*)::int AS n FROM users WHERE email_verified_at IS NULL OR consent_version IS NULL`),
  ).toBe(0);
});
