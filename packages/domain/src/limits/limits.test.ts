import { describe, expect, it } from "vitest";
import {
  BRAKE_MIN_CREDITS_PER_DAY,
  brakeCap,
  colombiaDayStart,
  DAY_MS,
  dailyBounds,
  dailyRefusal,
  MAX_CREDITS_ISSUED_PER_DAY,
  MAX_REGISTRATIONS_PER_DAY,
  maxValueCOP,
  RELEASE_LIMIT_UNVERIFIED,
  RELEASE_LIMIT_VERIFIED,
  registrationValueRefusal,
  releaseLimit,
  scheduleReleases,
  selfDeclaredBound,
  splitRelease,
  valueSignal,
} from "./index.ts";

describe("limits", () => {
  it("a vehicle may be worth more than a chair; a phone is not worth a billion", () => {
    expect(maxValueCOP("bien", "Vehículos")).toBeGreaterThan(maxValueCOP("bien", "Muebles"));
    expect(registrationValueRefusal("bien", "Tecnología", 1_000_000_000)).toMatch(/Tecnología: 20\.000\.000 COP/);
    expect(registrationValueRefusal("bien", "Tecnología", 2_000_000)).toBeNull();
    expect(registrationValueRefusal("dinero", "Dinero", 100_000_000_000)).toMatch(/aporte en dinero/);
    expect(registrationValueRefusal("bien", "Categoría rara", 10_000_001)).not.toBeNull();
  });

  it("refuses the 11th registration and the credit that passes the daily total", () => {
    expect(dailyRefusal(MAX_REGISTRATIONS_PER_DAY - 1, 0, 1)).toBeNull();
    expect(dailyRefusal(MAX_REGISTRATIONS_PER_DAY, 0, 1)).toMatch(/10 registros/);
    // An operator's MAX_REGISTROS_DIA moves the count, and the message says the figure in force.
    expect(dailyRefusal(MAX_REGISTRATIONS_PER_DAY, 0, 1, 40)).toBeNull();
    expect(dailyRefusal(40, 0, 1, 40)).toMatch(/40 registros/);
    expect(dailyRefusal(1, MAX_CREDITS_ISSUED_PER_DAY - 5, 5)).toBeNull();
    expect(dailyRefusal(1, MAX_CREDITS_ISSUED_PER_DAY - 5, 6)).toMatch(/te quedan 5/);
  });

  it("dailyBounds refuses exactly what dailyRefusal refuses (the registration's batch compares them)", () => {
    const refusedByBounds = (n: number, issued: number, credits: number, max?: number) => {
      const b = dailyBounds(credits, max);
      return n >= b.maxCount || issued > b.maxIssuedBefore;
    };
    for (const max of [undefined, 1, 40])
      for (const n of [0, 1, 9, 10, 11, 39, 40, 41])
        for (const issued of [
          0,
          1,
          MAX_CREDITS_ISSUED_PER_DAY - 7,
          MAX_CREDITS_ISSUED_PER_DAY - 1,
          MAX_CREDITS_ISSUED_PER_DAY,
        ])
          for (const credits of [0, 1, 6, 7, 8, MAX_CREDITS_ISSUED_PER_DAY])
            expect(refusedByBounds(n, issued, credits, max), `${n} ${issued} ${credits} ${max}`).toBe(
              dailyRefusal(n, issued, credits, max) !== null,
            );
  });

  it("tiers: nothing for a person without identity verification, 10.000 per 30 days verified, raised by an admin", () => {
    expect(RELEASE_LIMIT_UNVERIFIED).toBe(0);
    expect(RELEASE_LIMIT_VERIFIED).toBe(10_000);
    expect(releaseLimit(false)).toBe(0);
    expect(releaseLimit(false, 50_000)).toBe(0);
    expect(releaseLimit(true)).toBe(10_000);
    expect(releaseLimit(true, 50_000)).toBe(50_000);
  });

  it("splits a release at the window and the day's brake", () => {
    expect(splitRelease(1_500, 0, releaseLimit(false))).toEqual({ spendable: 0, inReview: 1_500 });
    expect(splitRelease(1_500, 0, releaseLimit(true))).toEqual({ spendable: 1_500, inReview: 0 });
    expect(splitRelease(1_500, 9_000, releaseLimit(true))).toEqual({ spendable: 1_000, inReview: 500 });
    expect(splitRelease(1_500, 0, releaseLimit(true), 600)).toEqual({ spendable: 600, inReview: 900 });
    expect(splitRelease(RELEASE_LIMIT_VERIFIED + 1, 0, releaseLimit(true)).inReview).toBe(1);
  });

  it("the brake: the larger of 20.000 and 1 % of the circulation", () => {
    expect(brakeCap(0)).toBe(BRAKE_MIN_CREDITS_PER_DAY);
    expect(brakeCap(1_999_999)).toBe(20_000);
    expect(brakeCap(3_000_000)).toBe(30_000);
    // The Colombian day starts at 05:00 UTC.
    expect(colombiaDayStart(new Date("2026-03-10T04:59:00Z")).toISOString()).toBe("2026-03-09T05:00:00.000Z");
    expect(colombiaDayStart(new Date("2026-03-10T05:00:00Z")).toISOString()).toBe("2026-03-10T05:00:00.000Z");
  });

  it("schedules queued items oldest first, in parts, 30 days after the releases they wait for", () => {
    const now = new Date("2026-03-10T15:00:00Z");
    const day = (n: number) => new Date(now.getTime() + n * DAY_MS);
    // 10.000 released 5 days ago: room again 25 days from now; 17.000 then 700 wait.
    const s = scheduleReleases({
      now,
      limit: 10_000,
      windowReleases: [{ at: day(-5), amount: 10_000 }],
      pending: [
        { id: "grande", remaining: 17_000 },
        { id: "chico", remaining: 700 },
      ],
    });
    expect(s.get("grande")).toEqual({ at: day(55), by: "ventana" });
    expect(s.get("chico")).toEqual({ at: day(55), by: "ventana" });
    // Room now: today, unless the brake has no room left for it.
    const free = scheduleReleases({ now, limit: 10_000, windowReleases: [], pending: [{ id: "a", remaining: 5_000 }] });
    expect(free.get("a")).toEqual({ at: now, by: "ventana" });
    const braked = scheduleReleases({
      now,
      limit: 10_000,
      windowReleases: [],
      pending: [{ id: "a", remaining: 5_000 }],
      brake: { leftToday: 1_000, cap: 20_000, ahead: 30_000 },
    });
    expect(braked.get("a")).toEqual({ at: new Date(colombiaDayStart(now).getTime() + 2 * DAY_MS), by: "freno" });
    // A person without identity verification: never by the queue.
    expect(scheduleReleases({ now, limit: 0, windowReleases: [], pending: [{ id: "a", remaining: 1 }] }).size).toBe(0);
  });

  it("flags goods far above the typical value; the bound on people", () => {
    expect(valueSignal("bien", "Tecnología", 10_000_000)).toBe(true);
    expect(valueSignal("bien", "Tecnología", 2_000_000)).toBe(false);
    // No number of accounts without identity verification makes anything from self-declared value.
    expect(selfDeclaredBound(0, 365)).toBe(0);
    expect(selfDeclaredBound(1, 29.9)).toBe(10_000);
    expect(selfDeclaredBound(1, 30)).toBe(20_000);
    expect(selfDeclaredBound(2, 61)).toBe(60_000);
  });
});
