import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

// A signed-in person before the session module reads the storage.
vi.hoisted(() => {
  window.localStorage.setItem("token", "t-ana");
  window.localStorage.setItem("user", JSON.stringify({ _id: "u1", name: "Ana", email: "ana@example.com" }));
});

import { assetContractSample } from "./asset-fixture.testkit.ts";
import { UNEXPECTED_ANSWER } from "./contracts.ts";
import { useFavorites, useFavoriteToggle } from "./favorites.ts";
import { SessionProvider } from "./session.tsx";
import { useCurrentToast } from "./toast.ts";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function serve(handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => handler(url, init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
}

describe("useFavorites", () => {
  it("reads GET /api/favoritos with the session's token, parsed with its contract", async () => {
    const fetchMock = serve(() =>
      json({
        success: true,
        total: 2,
        data: [
          {
            _id: "a1",
            title: "Bicicleta",
            disponible: true,
            motivo: null,
            createdAt: "2026-01-01",
            asset: { ...assetContractSample, title: "Bici" },
          },
          { _id: "a2", title: "Activo", disponible: false, motivo: "Vendido", asset: null, createdAt: "" },
        ],
      }),
    );
    const { result } = renderHook(() => useFavorites(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual([
      expect.objectContaining({ id: "a1", title: "Bicicleta", disponible: true, motivo: null }),
      { id: "a2", title: "Activo", disponible: false, motivo: "Vendido", asset: null, createdAt: "" },
    ]);
    expect(result.current.data?.[0]?.asset?.title).toBe("Bici");
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/favoritos");
    expect(init.headers).toMatchObject({ Authorization: "Bearer t-ana" });
  });

  it("shows an answer out of its contract as an error a person can read", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    serve(() => json({ success: true, data: [{ title: "sin id" }] }));
    const { result } = renderHook(() => useFavorites(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe(UNEXPECTED_ANSWER);
  });
});

describe("useFavoriteToggle", () => {
  let favorites: string[];
  beforeEach(() => {
    favorites = [];
  });

  it("fills the heart at once, saves it and says so", async () => {
    const fetchMock = serve((url, init) => {
      if (url === "/api/favoritos") return json({ data: favorites.map((id) => ({ _id: id, title: id })) });
      if (init.method === "POST") favorites.push("a1");
      return json({ success: true });
    });
    const render = wrapper();
    const { result } = renderHook(() => ({ toggle: useFavoriteToggle("a1"), toast: useCurrentToast() }), {
      wrapper: render,
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(result.current.toggle.isFavorite).toBe(false);
    expect(result.current.toggle.signedIn).toBe(true);
    act(() => result.current.toggle.toggle());
    expect(result.current.toggle.isFavorite).toBe(true);
    await waitFor(() => expect(result.current.toast?.title).toBe("Guardado en favoritos"));
    expect(fetchMock).toHaveBeenCalledWith("/api/favoritos/a1", expect.objectContaining({ method: "POST" }));
    await waitFor(() => expect(result.current.toggle.pending).toBe(false));
    expect(result.current.toggle.isFavorite).toBe(true);
  });

  it("puts the heart back when the server refuses, with the reason", async () => {
    serve((_url, init) =>
      init.method === "POST" ? json({ message: "Activo no encontrado" }, 404) : json({ data: [] }),
    );
    const { result } = renderHook(() => ({ toggle: useFavoriteToggle("a9"), toast: useCurrentToast() }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.toggle.isFavorite).toBe(false));
    act(() => result.current.toggle.toggle());
    expect(result.current.toggle.isFavorite).toBe(true);
    await waitFor(() => expect(result.current.toast?.title).toBe("No se pudo guardar en favoritos"));
    expect(result.current.toast?.description).toBe("Activo no encontrado");
    expect(result.current.toggle.isFavorite).toBe(false);
  });
});
