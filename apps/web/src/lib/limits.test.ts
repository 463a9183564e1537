import { describe, expect, it, vi } from "vitest";
import { fetchMyLimits, myLimitsKey } from "./limits.ts";

describe("my limits", () => {
  it("live under the wallet's key, so refreshing the wallet refreshes them", () => {
    expect(myLimitsKey("u1")).toEqual(["wallet", "limites", "u1"]);
  });

  it("are read from GET /api/limites/mios, inside the envelope", async () => {
    const limits = { creditosEnRevision: 0 };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: limits })));
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchMyLimits()).resolves.toEqual(limits);
    expect(fetchMock).toHaveBeenCalledWith("/api/limites/mios", expect.objectContaining({ method: "GET" }));
  });
});
