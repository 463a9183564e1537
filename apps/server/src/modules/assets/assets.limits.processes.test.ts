/**
 * The day's bounds at issuance hold across server processes (ADR 015; issue 21): two apps on one
 * PostgreSQL database, each with its own pool, as two processes of `start:cluster` have. One
 * person's registrations, sent to both at once, are counted under the person's lock in the
 * database (the count is inside each registration's batch since ADR 028's "A registration in one
 * round trip"): exactly the day's maximum issue credits, the rest get the Spanish 422 and write
 * nothing. PostgreSQL only (TEST_DATABASE_URL): PGlite cannot be shared.
 */
import { MAX_REGISTRATIONS_PER_DAY } from "@valoriza/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../lib/clock.ts";
import { json, signUp, twoProcesses } from "../../test/harness.ts";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("the day's bounds with two server processes on one PostgreSQL", () => {
  let cluster: Awaited<ReturnType<typeof twoProcesses>>;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    cluster = await twoProcesses({
      clock: systemClock,
      poolSize: 10,
      config: {
        jwtSecret: "two-processes-limits-secret-two-processes-01",
        adminEmails: [],
        dataDir: `/tmp/valoriza-limits-processes-${process.pid}`,
        webDist: undefined,
      },
    });
    ({ a, b } = cluster);
  }, 60_000);

  afterAll(() => cluster?.close());

  it("14 money registrations of one person through both at once: exactly the maximum issue credits", async () => {
    const person = await signUp(a);
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        (i % 2 ? b : a).inject({
          method: "POST",
          url: "/api/dinero/registrar",
          headers: person.auth,
          payload: { monto: 2_000, tipo: "otro", descripcion: `Aporte ${i}` },
        }),
      ),
    );
    const created = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(created).toHaveLength(MAX_REGISTRATIONS_PER_DAY);
    expect(refused).toHaveLength(14 - MAX_REGISTRATIONS_PER_DAY);
    for (const r of refused) expect(json(r).message).toMatch(/registros en 24 horas/);
    // Nothing of a refused registration was written: the person holds the credits of the others only.
    const [row] = (await cluster.database.rawQuery(
      `select (select count(*)::int from assets where user_id = $1) as assets,
              (select coalesce(sum(amount), 0)::int from holds where user_id = $1 and status = 'abierta') as blocked`,
      [person.id],
    )) as { assets: number; blocked: number }[];
    expect(row).toEqual({ assets: MAX_REGISTRATIONS_PER_DAY, blocked: 2 * MAX_REGISTRATIONS_PER_DAY });
  });
});
