import { afterEach, describe, expect, it, vi } from "vitest";
import { cn, errorMessage, formatDate, todayISODate } from "./utils.ts";

describe("cn", () => {
  it("joins the class names and skips the falsy ones", () => {
    expect(cn("a", false, null, undefined, 0, "b", "")).toBe("a b");
    expect(cn()).toBe("");
  });
});

describe("formatDate (es-CO)", () => {
  it("writes the day, the month's Spanish name and the year", () => {
    expect(formatDate("2026-03-05T12:00:00Z")).toBe("5 de marzo de 2026");
    expect(formatDate("2025-12-24T15:30:00-05:00")).toBe("24 de diciembre de 2025");
  });

  it("prints what Intl's es-CO long date prints, every day of 1999 to 2031", () => {
    const intl = new Intl.DateTimeFormat("es-CO", { day: "numeric", month: "long", year: "numeric" });
    const days: string[] = [];
    for (let t = Date.UTC(1999, 0, 1, 17); t < Date.UTC(2032, 0, 1); t += 86_400_000)
      days.push(new Date(t).toISOString());
    expect(days.map(formatDate)).toEqual(days.map((d) => intl.format(new Date(d))));
  });

  it("shows nothing for a missing or unreadable date", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("mañana")).toBe("");
  });
});

describe("todayISODate", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is today's local date as YYYY-MM-DD, zero-padded", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 0, 7, 23, 59));
    expect(todayISODate()).toBe("2026-01-07");
    vi.setSystemTime(new Date(2026, 10, 30, 0, 1));
    expect(todayISODate()).toBe("2026-11-30");
  });
});

describe("errorMessage", () => {
  it("is the error's own message, else the fallback", () => {
    expect(errorMessage(new Error("Saldo insuficiente"), "Algo falló")).toBe("Saldo insuficiente");
    expect(errorMessage(new Error("   "), "Algo falló")).toBe("Algo falló");
    expect(errorMessage("texto", "Algo falló")).toBe("Algo falló");
    expect(errorMessage(undefined, "Algo falló")).toBe("Algo falló");
  });
});
