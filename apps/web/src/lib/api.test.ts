import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, isAuthError, NETWORK_ERROR_MESSAGE, responseErrorMessage } from "./api.ts";
import { endSession, getSessionEndReason, getToken, startSession } from "./session.tsx";

const res = { status: 502, statusText: "Bad Gateway" };

describe("responseErrorMessage", () => {
  it("prefers the server's message, then its error field", () => {
    expect(responseErrorMessage(res, { message: " Saldo insuficiente ", error: "x" }, "")).toBe("Saldo insuficiente");
    expect(responseErrorMessage(res, { message: "", error: "Prohibido" }, "")).toBe("Prohibido");
  });

  it("falls back to 'status: text', never to an HTML error page", () => {
    expect(responseErrorMessage(res, undefined, "upstream down")).toBe("502: upstream down");
    expect(responseErrorMessage(res, undefined, "<html>…</html>")).toBe("502: Bad Gateway");
    expect(responseErrorMessage({ status: 500, statusText: "" }, null, "")).toBe("500: Error");
  });
});

describe("isAuthError", () => {
  it("is true for 401 and 403 answers only", () => {
    expect(isAuthError(new ApiError("x", 401))).toBe(true);
    expect(isAuthError(new ApiError("x", 403))).toBe(true);
    expect(isAuthError(new ApiError("x", 404))).toBe(false);
    expect(isAuthError(new Error("x"))).toBe(false);
  });

  it("is false for a block's 403 (code BLOCKED): the session is fine, its message is for the person", () => {
    expect(isAuthError(new ApiError("x", 403, { code: "BLOCKED" }))).toBe(false);
    expect(isAuthError(new ApiError("x", 403, { code: "FORBIDDEN" }))).toBe(true);
  });
});

describe("apiRequest", () => {
  afterEach(() => {
    window.localStorage.clear();
  });

  it("sends JSON with the Idempotency-Key and answers the parsed body", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: 1 }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const body = await apiRequest("/prestamos", { method: "POST", body: { a: 1 }, idempotencyKey: "k-1" });
    expect(body).toEqual({ success: true, data: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/prestamos");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ "Content-Type": "application/json", "Idempotency-Key": "k-1" });
  });

  it("a block's 403 keeps the session and answers the server's message (issue 19 part 4)", async () => {
    startSession({
      token: "t-bloqueo",
      user: { _id: "u1", id: "u1", name: "Ana", apellido: "", email: "ana@example.com", isAdmin: false },
    });
    const message = "No puedes interactuar con esta persona.";
    vi.stubGlobal(
      "fetch",
      async () => new Response(JSON.stringify({ success: false, message, code: "BLOCKED" }), { status: 403 }),
    );
    const error = await apiRequest("/chat/enviar", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message, status: 403 });
    expect(getToken()).toBe("t-bloqueo");
    expect(getSessionEndReason()).toBe("none");
    endSession();
  });

  it("throws an ApiError with the server's message and status", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ message: "No encontrado" }), { status: 404 }));
    const error = await apiRequest("/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "No encontrado", status: 404, body: { message: "No encontrado" } });
  });

  it("rejects as aborted when the caller cancels while the body is read (not as an empty answer)", async () => {
    const controller = new AbortController();
    vi.stubGlobal("fetch", async () => ({
      ok: true,
      status: 200,
      statusText: "OK",
      text: async () => {
        controller.abort();
        throw new DOMException("The operation was aborted.", "AbortError");
      },
    }));
    await expect(apiRequest("/donations/asset/a1", { signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
  });

  it("turns a failed connection into the Spanish network message (status 0)", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(apiRequest("/x")).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 0 });
  });
});
