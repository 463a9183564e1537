/** REGISTROS_POR_IP_HORA (issue 16): new accounts per client address per hour, counted in the database. */
import { ACCOUNT_MSG } from "@valoriza/domain";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { openDatabase } from "../../db/client.ts";
import { createTestApp, json, type TestContext, uniqueEmail } from "../../test/harness.ts";

const LIMIT = 3;
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ signupsPerIpHour: LIMIT });
});
afterAll(() => t.close());

const register = (
  app: TestContext["app"],
  over: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  remoteAddress = "203.0.113.7",
) =>
  app.inject({
    method: "POST",
    url: "/api/users/register",
    remoteAddress,
    headers,
    payload: { name: "Ana", apellido: "Ruiz", email: uniqueEmail("limite"), password: "clave123", ...over },
  });

describe("sign-ups per client address", () => {
  it(`allows ${LIMIT} new accounts an hour, then 429 with Retry-After; a forged X-Forwarded-For changes nothing`, async () => {
    // Attempts that open no account do not count.
    expect((await register(t.app, { password: "1" })).statusCode).toBe(400);
    for (let i = 0; i < LIMIT; i++) expect((await register(t.app)).statusCode).toBe(201);
    const res = await register(t.app);
    expect(res.statusCode).toBe(429);
    expect(json(res)).toMatchObject({ success: false, code: "RATE_LIMITED" });
    expect(json(res).message).toMatch(
      /^Se crearon demasiadas cuentas desde tu conexión\. Intenta de nuevo en \d+ minutos?\.$/,
    );
    const retry = Number(res.headers["retry-after"]);
    expect(retry).toBeGreaterThan(3000);
    expect(retry).toBeLessThanOrEqual(3600);

    const forged = await register(t.app, {}, { "x-forwarded-for": "198.51.100.99" });
    expect(forged.statusCode).toBe(429);
    // Another address is not affected.
    expect((await register(t.app, {}, {}, "203.0.113.8")).statusCode).toBe(201);

    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await register(t.app)).statusCode).toBe(201);
    expect(ACCOUNT_MSG.tooManySignups(1)).toContain("1 minuto.");
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "holds across two server instances on one PostgreSQL (separate pools, no shared memory)",
    async () => {
      const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
      const url = (pool.options as { connectionString: string }).connectionString;
      const second = await openDatabase({ url, poolSize: 4 });
      const other = await buildApp({
        db: second.db,
        clock: t.clock,
        config: {
          jwtSecret: "test-secret-test-secret-test-secret-0123456789",
          adminEmails: [],
          dataDir: "/tmp/vz-limit-other",
          signupsPerIpHour: LIMIT,
        },
      });
      try {
        const ip = "192.0.2.55";
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, i) => register(i % 2 ? other : t.app, {}, {}, ip)),
        );
        const codes = results.map((r) => r.statusCode).sort();
        expect(codes.filter((c) => c === 201)).toHaveLength(LIMIT);
        expect(codes.filter((c) => c === 429)).toHaveLength(8 - LIMIT);
      } finally {
        await other.close();
        await second.close();
      }
    },
  );
});
