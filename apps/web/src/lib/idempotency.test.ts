import { describe, expect, it, vi } from "vitest";
import { newIdempotencyKey } from "./idempotency.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newIdempotencyKey", () => {
  it("is a fresh UUID v4 on every call", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it("builds a UUID v4 from random bytes where randomUUID is missing (plain-http hosts)", () => {
    const getRandomValues = vi.fn(<T extends ArrayBufferView>(array: T): T => {
      new Uint8Array(array.buffer).fill(0xff);
      return array;
    });
    vi.stubGlobal("crypto", { getRandomValues });
    const key = newIdempotencyKey();
    expect(getRandomValues).toHaveBeenCalledOnce();
    expect(key).toMatch(UUID_V4);
    // Version and variant bits set over all-ones bytes.
    expect(key).toBe("ffffffff-ffff-4fff-bfff-ffffffffffff");
  });
});
