/**
 * A suspension ends the person's sessions in every server process (issue 19; ADR 012). Two apps
 * on one PostgreSQL database, each with its own connection pool and per-process session cache
 * (lib/session-cache.ts), as two processes of `start:cluster` have: both have cached the person's
 * session; the admin suspends through the first; the second refuses the session as soon as the
 * database's notification (trigger users_session_changed: the token version moved) reaches it.
 * PostgreSQL only (TEST_DATABASE_URL): PGlite cannot be shared. The cluster test does the same
 * across real processes.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../lib/clock.ts";
import { json, signUp, type TestUser, twoProcesses } from "../../test/harness.ts";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("two server processes on one PostgreSQL", () => {
  let cluster: Awaited<ReturnType<typeof twoProcesses>>;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    cluster = await twoProcesses({
      clock: new ManualClock(new Date()),
      poolSize: 4,
      config: {
        jwtSecret: "two-processes-secret-two-processes-secret-01",
        adminEmails: ["admin@valoriza.test"],
        dataDir: `/tmp/valoriza-moderation-${process.pid}`,
        webDist: undefined,
      },
    });
    ({ a, b } = cluster);
  }, 60_000);

  afterAll(() => cluster?.close());

  it("a suspension through one process ends the session in the other; sign-in there answers 403 'suspendida'", async () => {
    const admin = await signUp(a, { email: "admin@valoriza.test" });
    const person: TestUser = await signUp(a);
    const profile = (app: FastifyInstance) =>
      app.inject({ method: "GET", url: "/api/profile", headers: person.auth }).then((r) => r.statusCode);
    // Both processes have checked (and cached) the session.
    for (let i = 0; i < 3; i++) expect([await profile(a), await profile(b)]).toEqual([200, 200]);

    const r = await a.inject({
      method: "POST",
      url: `/api/admin/usuarios/${person.id}/suspender`,
      headers: admin.auth,
      payload: { motivo: "Suplantación de identidad" },
    });
    expect(r.statusCode, r.body).toBe(200);
    // The process that suspended: at once.
    expect(await profile(a)).toBe(401);
    // The other: as soon as the notification arrives (milliseconds; the password change allows seconds).
    const t0 = Date.now();
    while ((await profile(b)) !== 401) {
      if (Date.now() - t0 > 2000)
        throw new Error("the session still worked in the other process 2 s after the suspension");
      await new Promise((res) => setTimeout(res, 20));
    }
    for (let i = 0; i < 3; i++) expect(await profile(b)).toBe(401);
    const login = await b.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: person.email, password: person.password },
    });
    expect(login.statusCode).toBe(403);
    expect(json(login).message).toContain("suspendida");
  });
});
