import { creditsLabel, formatCOP, formatCredits } from "@valoriza/domain";
import { describe, expect, it } from "vitest";
import { signed } from "./reputation.ts";

/** The figures the web shows in es-CO: credits, pesos and signed reputation points. */
describe("credits and COP as the web shows them", () => {
  it("groups thousands with '.' and puts a no-break space after '$'", () => {
    expect(formatCOP(1_250_000)).toBe("$\u00A01.250.000");
    expect(formatCredits(1040)).toBe("1.040");
    expect(creditsLabel(1)).toBe("1 crédito");
    expect(creditsLabel(2500)).toBe("2.500 créditos");
  });

  it("never throws on a figure that is not a number", () => {
    expect(formatCOP(Number.NaN)).toBe("—");
    expect(formatCredits(Number.POSITIVE_INFINITY)).toBe("—");
  });
});

describe("signed (reputation points)", () => {
  it("puts a plus or a true minus sign before the figure, and none before 0", () => {
    expect(signed(5)).toBe("+5");
    expect(signed(-10)).toBe("−10");
    expect(signed(0)).toBe("0");
    expect(signed(12_000)).toBe("+12.000");
  });
});
