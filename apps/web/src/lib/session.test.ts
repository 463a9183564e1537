import { afterEach, describe, expect, it } from "vitest";
import { readStoredSession, TOKEN_KEY, USER_KEY } from "./session.tsx";

describe("readStoredSession", () => {
  afterEach(() => window.localStorage.clear());

  it("reads the stored token and user, `_id` or `id`", () => {
    window.localStorage.setItem(TOKEN_KEY, "t1");
    window.localStorage.setItem(USER_KEY, JSON.stringify({ id: "u1", name: "Ana", email: "ana@example.com" }));
    expect(readStoredSession()).toEqual({
      token: "t1",
      user: { _id: "u1", id: "u1", name: "Ana", apellido: "", email: "ana@example.com", isAdmin: false },
    });
  });

  it("keeps whether the email was verified when it is known, for the banner's first paint", () => {
    window.localStorage.setItem(TOKEN_KEY, "t1");
    const user = { _id: "u1", name: "Ana", email: "ana@example.com" };
    window.localStorage.setItem(USER_KEY, JSON.stringify({ ...user, emailVerificado: false }));
    expect(readStoredSession()?.user.emailVerificado).toBe(false);
    window.localStorage.setItem(USER_KEY, JSON.stringify({ ...user, emailVerificado: "no" }));
    expect(readStoredSession()?.user).not.toHaveProperty("emailVerificado");
  });

  it("removes a stored user of the wrong shape (and its token)", () => {
    window.localStorage.setItem(TOKEN_KEY, "t1");
    window.localStorage.setItem(USER_KEY, JSON.stringify({ _id: "u1", name: "Ana", email: "a@b.co", isAdmin: "sí" }));
    expect(readStoredSession()).toBeNull();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
  });

  it("leaves a half-written session alone when asked not to repair (another tab is writing)", () => {
    window.localStorage.setItem(USER_KEY, "{not json");
    expect(readStoredSession(false)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBe("{not json");
  });

  it("is no session when nothing is stored", () => {
    expect(readStoredSession()).toBeNull();
  });
});
