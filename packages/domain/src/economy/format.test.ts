import { describe, expect, it } from "vitest";
import { creditsLabel, formatCOP, formatCredits, groupThousands } from "./format.ts";

const NBSP = "\u00A0";

describe("formatCOP (es-CO)", () => {
  it("prints '$', a no-break space and '.' thousands", () => {
    expect(formatCOP(1_250_000)).toBe(`$${NBSP}1.250.000`);
    expect(formatCOP(1_000)).toBe(`$${NBSP}1.000`);
    expect(formatCOP(999)).toBe(`$${NBSP}999`);
    expect(formatCOP(0)).toBe(`$${NBSP}0`);
    expect(formatCOP(100_000_000_000)).toBe(`$${NBSP}100.000.000.000`);
  });
  it("shows whole pesos, rounding half up; never '-$ 0'", () => {
    expect(formatCOP(1_234.5)).toBe(`$${NBSP}1.235`);
    expect(formatCOP(1_234.4)).toBe(`$${NBSP}1.234`);
    expect(formatCOP(-0)).toBe(`$${NBSP}0`);
    expect(formatCOP(-0.4)).toBe(`$${NBSP}0`);
    expect(formatCOP(-1_500)).toBe(`-$${NBSP}1.500`);
  });
  it("shows a dash for a value that is not a number", () => {
    expect(formatCOP(Number.NaN)).toBe("—");
    expect(formatCOP(Number.POSITIVE_INFINITY)).toBe("—");
  });
});

describe("formatCredits", () => {
  it("groups thousands, also with 4 digits", () => {
    expect(formatCredits(1_040)).toBe("1.040");
    expect(formatCredits(1_234_567)).toBe("1.234.567");
    expect(formatCredits(0)).toBe("0");
    expect(formatCredits(298)).toBe("298");
  });
  it("labels singular and plural", () => {
    expect(creditsLabel(1)).toBe("1 crédito");
    expect(creditsLabel(0)).toBe("0 créditos");
    expect(creditsLabel(1_040)).toBe("1.040 créditos");
  });
  it("groupThousands is Intl-free", () => {
    expect(groupThousands(1_000)).toBe("1.000");
    expect(groupThousands(-1_234_567)).toBe("-1.234.567");
    expect(groupThousands(12)).toBe("12");
  });
});
