import { describe, expect, it } from "vitest";
import { resetIdClock, uuidv7 } from "./ids.ts";

/** The 48-bit millisecond time of a version 7 UUID. */
const timeOf = (id: string) => Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);

describe("uuidv7", () => {
  it("orders ids made in the same millisecond", () => {
    const now = Date.parse("2026-03-01T12:00:00Z");
    const ids = Array.from({ length: 50 }, () => uuidv7(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids.map(timeOf))).toEqual(new Set([now]));
  });

  it("stays ordered when the clock goes back: an id is never older than the one before", () => {
    const later = Date.parse("2026-04-30T12:00:00Z");
    const a = uuidv7(later);
    const b = uuidv7(Date.parse("2026-03-02T12:00:00Z"));
    expect(b > a).toBe(true);
    expect(timeOf(b)).toBe(later);
  });

  it("after resetIdClock (a new test file) the ids carry the clock's time again", () => {
    uuidv7(Date.parse("2026-04-30T12:00:00Z"));
    resetIdClock();
    const now = Date.parse("2026-03-03T12:00:00Z");
    expect(timeOf(uuidv7(now))).toBe(now);
  });
});
