import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { createTestApp, json, signUp, type TestContext, uniqueEmail } from "../../test/harness.ts";
import { throttleAddress } from "./login-throttle.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ loginMaxPerAccount: 5, loginMaxPerIp: 30 });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string, app: FastifyInstance = t.app) =>
  app.inject({ method: "POST", url: "/api/users/login", payload: { email, password }, remoteAddress: ip });

describe("sign-in throttle: slow down an address, never lock a person out (issue 6, defect 4)", () => {
  it("a stranger failing many times does not keep the owner out from the owner's address", async () => {
    const u = await signUp(t.app);
    for (let i = 0; i < 12; i++) await login(u.email, "adivinanza", "198.51.100.7");
    const owner = await login(u.email, u.password, "203.0.113.20");
    expect(owner.statusCode).toBe(200);
    expect(typeof json(owner).data.token).toBe("string");
  });

  it("the failing address waits (429, Retry-After, Spanish), then gets in with the right password", async () => {
    const u = await signUp(t.app);
    const ip = "198.51.100.8";
    for (let i = 0; i < 5; i++) expect((await login(u.email, "malaclave", ip)).statusCode).toBe(401);
    const wait = await login(u.email, u.password, ip);
    expect(wait.statusCode).toBe(429);
    expect(json(wait).message).toBe("Demasiados intentos fallidos. Intenta de nuevo en 1 minuto.");
    expect(Number(wait.headers["retry-after"])).toBe(30);
    t.clock.advance(30_001);
    expect((await login(u.email, u.password, ip)).statusCode).toBe(200);
  });

  it("each further failure from that address doubles the wait, up to 15 minutes", async () => {
    const u = await signUp(t.app);
    const ip = "198.51.100.9";
    for (let i = 0; i < 5; i++) await login(u.email, "malaclave", ip);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const blocked = await login(u.email, "malaclave", ip);
      expect(blocked.statusCode).toBe(429);
      const seconds = Number(blocked.headers["retry-after"]);
      waits.push(seconds);
      t.clock.advance(seconds * 1000 + 1);
      expect((await login(u.email, "malaclave", ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    t.clock.advance(15 * 60_000 + 1);
    expect((await login(u.email, u.password, ip)).statusCode).toBe(200);
    // after a success the address starts again from zero on that account
    for (let i = 0; i < 4; i++) expect((await login(u.email, "malaclave", ip)).statusCode).toBe(401);
  });

  it("an address failing across many accounts slows down; other addresses do not", async () => {
    const ctx = await createTestApp({ loginMaxPerAccount: 100, loginMaxPerIp: 3 });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await login(uniqueEmail(), "x1234567", "192.0.2.66", ctx.app)).statusCode).toBe(401);
      }
      const sprayed = await login(uniqueEmail(), "x1234567", "192.0.2.66", ctx.app);
      expect(sprayed.statusCode).toBe(429);
      expect((await login(uniqueEmail(), "x1234567", "192.0.2.67", ctx.app)).statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });

  it("counters live in the database: two server processes on one database count together", async () => {
    const other = await buildApp({
      db: t.database.db,
      clock: t.clock,
      config: {
        jwtSecret: "test-secret-test-secret-test-secret-0123456789",
        adminEmails: [],
        dataDir: `/tmp/valoriza-test-${process.pid}-other`,
        loginMaxPerAccount: 5,
        loginMaxPerIp: 30,
      },
    });
    await other.ready();
    try {
      const u = await signUp(t.app);
      const ip = "198.51.100.10";
      for (let i = 0; i < 3; i++) expect((await login(u.email, "malaclave", ip)).statusCode).toBe(401);
      for (let i = 0; i < 2; i++) expect((await login(u.email, "malaclave", ip, other)).statusCode).toBe(401);
      expect((await login(u.email, u.password, ip)).statusCode).toBe(429);
      expect((await login(u.email, u.password, ip, other)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe("throttleAddress", () => {
  it("keeps IPv4, unwraps IPv4-mapped IPv6 and groups IPv6 by its /64", () => {
    expect(throttleAddress("203.0.113.5")).toBe("203.0.113.5");
    expect(throttleAddress("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(throttleAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(throttleAddress("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(throttleAddress("2001:0DB8:0001:0002::")).toBe("2001:db8:1:2::/64");
    expect(throttleAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(throttleAddress("::1")).toBe("0:0:0:0::/64");
  });

  it("a stranger rotating addresses inside one IPv6 /64 is one address", async () => {
    const u = await signUp(t.app);
    for (let i = 0; i < 5; i++) await login(u.email, "malaclave", `2001:db8:aa:bb::${i + 1}`);
    expect((await login(u.email, "malaclave", "2001:db8:aa:bb::99")).statusCode).toBe(429);
    expect((await login(u.email, u.password, "2001:db8:aa:cc::1")).statusCode).toBe(200);
  });
});
