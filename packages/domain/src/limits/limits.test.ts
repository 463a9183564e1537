import { describe, expect, it } from "vitest";
import {
  collusionBound,
  dailyRefusal,
  MAX_CREDITS_ISSUED_PER_DAY,
  MAX_REGISTRATIONS_PER_DAY,
  maxValueCOP,
  RELEASE_LIMIT_UNVERIFIED,
  RELEASE_LIMIT_VERIFIED,
  registrationValueRefusal,
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

  it("splits a release at the 30-day limit; verified accounts get the higher one", () => {
    expect(splitRelease(1_500, 0, false)).toEqual({ spendable: 1_500, inReview: 0 });
    expect(splitRelease(1_500, 1_000, false)).toEqual({ spendable: 1_000, inReview: 500 });
    expect(splitRelease(1_500, RELEASE_LIMIT_UNVERIFIED, false)).toEqual({ spendable: 0, inReview: 1_500 });
    expect(splitRelease(1_500, RELEASE_LIMIT_UNVERIFIED, true)).toEqual({ spendable: 1_500, inReview: 0 });
    expect(splitRelease(RELEASE_LIMIT_VERIFIED + 1, 0, true).inReview).toBe(1);
  });

  it("flags goods far above the typical value; the bound of two colluders", () => {
    expect(valueSignal("bien", "Tecnología", 10_000_000)).toBe(true);
    expect(valueSignal("bien", "Tecnología", 2_000_000)).toBe(false);
    expect(collusionBound(2, 29.9)).toBe(2 * RELEASE_LIMIT_UNVERIFIED);
    expect(collusionBound(2, 30)).toBe(4 * RELEASE_LIMIT_UNVERIFIED);
    expect(collusionBound(2, 61)).toBe(6 * RELEASE_LIMIT_UNVERIFIED);
  });
});
