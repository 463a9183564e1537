import { describe, expect, it } from "vitest";
import { addDays, formatDay, formatPeriod, laterDay } from "./dates.ts";

describe("rental dates (Colombian calendar days, shown as written)", () => {
  it("formats a day in es-CO without abbreviation dots, whatever the browser's time zone", () => {
    expect(formatDay("2026-12-01")).toBe("1 de dic de 2026");
    expect(formatDay("2026-01-31")).toBe("31 de ene de 2026");
    expect(formatDay("no es fecha")).toBe("no es fecha");
  });

  it("shows a one-day period once and a longer one with a dash", () => {
    expect(formatPeriod("2026-12-01", "2026-12-01")).toBe("1 de dic de 2026");
    expect(formatPeriod("2026-12-01", "")).toBe("1 de dic de 2026");
    expect(formatPeriod("2026-12-01", "2026-12-03")).toBe("1 de dic de 2026 – 3 de dic de 2026");
    expect(formatPeriod("", "2026-12-03")).toBe("");
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("picks the later of two days", () => {
    expect(laterDay("2026-01-02", "2025-12-31")).toBe("2026-01-02");
    expect(laterDay("2025-12-31", "2026-01-02")).toBe("2026-01-02");
  });
});
