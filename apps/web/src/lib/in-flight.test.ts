import { describe, expect, it } from "vitest";
import { settled, track } from "./in-flight.ts";

const later = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error("x")) : resolve(value)), ms));

describe("calls on their way, by token ('Salir' revokes after them)", () => {
  it("waits for every call carrying the token, failed ones included, and answers what the call answers", async () => {
    const a = track("t1", later(40, "a"));
    const b = track("t1", later(80, "b", true)).catch(() => "failed");
    const start = Date.now();
    await settled("t1", 2_000);
    expect(Date.now() - start).toBeGreaterThanOrEqual(70);
    expect(await a).toBe("a");
    expect(await b).toBe("failed");
  });

  it("does not wait for calls of another token, nor for calls without one", async () => {
    void track("other", later(500, 1));
    void track(null, later(500, 1));
    const start = Date.now();
    await settled("t2", 2_000);
    expect(Date.now() - start).toBeLessThan(100);
  });

  it("waits at most the given time for a call that never comes back", async () => {
    void track("t3", new Promise(() => {}));
    const start = Date.now();
    await settled("t3", 60);
    expect(Date.now() - start).toBeGreaterThanOrEqual(55);
    expect(Date.now() - start).toBeLessThan(1_000);
  });
});
