import { describe, expect, it } from "vitest";
import { personalKey, requester, sameOriginPath } from "./sw-helpers.ts";

const base64url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const jwt = (payload: object) => ["eyJhbGciOiJIUzI1NiJ9", base64url(JSON.stringify(payload)), "firma"].join(".");
const ANA = "0b9f6c1e-2d3a-4c5b-8e7f-1a2b3c4d5e6f";

describe("requester: whose answer the service worker keeps", () => {
  it("the token's subject, whatever its signature; 'anon' without a token", () => {
    expect(requester(`Bearer ${jwt({ sub: ANA, ver: 1 })}`)).toBe(`u-${ANA}`);
    expect(requester(null)).toBe("anon");
    expect(requester("")).toBe("anon");
  });

  it("nobody (nothing is kept) for a token it cannot read", () => {
    expect(requester("Bearer no-es-un-jwt")).toBe("");
    expect(requester(`Bearer ${jwt({ ver: 1 })}`)).toBe("");
    expect(requester(`Bearer ${jwt({ sub: "../../otra" })}`)).toBe("");
  });

  it("two people asking the same URL get two keys; the server never sees the parameter", () => {
    const url = "https://valoriza.co/api/wallet/balance?x=1";
    const ana = personalKey(url, requester(`Bearer ${jwt({ sub: ANA })}`));
    const visitor = personalKey(url, requester(null));
    expect(ana).not.toBe(visitor);
    expect(new URL(ana).searchParams.get("x")).toBe("1");
    expect(new URL(ana).searchParams.get("__vz_persona")).toBe(`u-${ANA}`);
    expect(personalKey(url, "")).toContain("__vz_persona=desconocida");
  });
});

describe("sameOriginPath: where a notification's click leads", () => {
  const origin = "https://valoriza.co";
  it("a path of the site, with its query and hash", () => {
    expect(sameOriginPath("/ver-activo/1?x=2#chat", origin)).toBe("/ver-activo/1?x=2#chat");
    expect(sameOriginPath("https://valoriza.co/mensajes", origin)).toBe("/mensajes");
  });
  it("the home for anything else", () => {
    expect(sameOriginPath("https://otro.example/robar", origin)).toBe("/");
    expect(sameOriginPath("javascript:alert(1)", origin)).toBe("/");
    expect(sameOriginPath(undefined, origin)).toBe("/");
    expect(sameOriginPath(42, origin)).toBe("/");
  });
});
