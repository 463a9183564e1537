import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../test/harness.ts";

const SECRET = "test-secret-test-secret-test-secret-0123456789";
let t: TestContext;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ jwtSecret: SECRET });
  u = await signUp(t.app);
});
afterAll(() => t.close());

const key = new TextEncoder().encode(SECRET);
const sign = (claims: { sub?: string; ver?: number; exp?: number }) => {
  const { sub, exp, ...rest } = claims;
  let jwt = new SignJWT(rest).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt();
  if (sub !== undefined) jwt = jwt.setSubject(sub);
  if (exp !== undefined) jwt = jwt.setExpirationTime(exp);
  return jwt.sign(key);
};
const profileWith = (token: string) =>
  t.app.inject({ method: "GET", url: "/api/profile", headers: { authorization: `Bearer ${token}` } });
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe("tokens (issue 6, defect 7)", () => {
  it("a correctly signed token for a real user with an expiry is accepted", async () => {
    const res = await profileWith(await sign({ sub: u.id, ver: 0, exp: inAnHour() }));
    expect(res.statusCode).toBe(200);
  });

  it("a token that never expires (no exp) answers 401", async () => {
    const res = await profileWith(await sign({ sub: u.id, ver: 0 }));
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ success: false, message: "Tu sesión expiró. Inicia sesión de nuevo." });
  });

  it("a token whose subject is not a user id answers 401, not 500", async () => {
    for (const sub of ["admin", "1 OR 1=1", "", `${u.id}x`]) {
      const res = await profileWith(await sign({ sub, ver: 0, exp: inAnHour() }));
      expect(res.statusCode, JSON.stringify(sub)).toBe(401);
    }
    const none = await profileWith(await sign({ ver: 0, exp: inAnHour() }));
    expect(none.statusCode).toBe(401);
  });

  it("a fractional or missing version answers 401", async () => {
    expect((await profileWith(await sign({ sub: u.id, ver: 0.5, exp: inAnHour() }))).statusCode).toBe(401);
    expect((await profileWith(await sign({ sub: u.id, exp: inAnHour() }))).statusCode).toBe(401);
  });

  it("a token accepted once is still refused when it expires, and a copy with another signature is refused", async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const token = await sign({ sub: u.id, ver: 0, exp: now + 60 });
    expect((await profileWith(token)).statusCode).toBe(200);
    expect((await profileWith(token)).statusCode).toBe(200);
    const [head, body, signature] = token.split(".");
    const other = `${head}.${body}.${(signature ?? "").slice(0, -2)}${signature?.endsWith("AA") ? "BB" : "AA"}`;
    expect((await profileWith(other)).statusCode).toBe(401);
    t.clock.advance(61_000);
    const late = await profileWith(token);
    expect(late.statusCode).toBe(401);
    expect(json(late)).toMatchObject({ success: false, message: "Tu sesión expiró. Inicia sesión de nuevo." });
    t.clock.advance(-61_000);
  });
});
