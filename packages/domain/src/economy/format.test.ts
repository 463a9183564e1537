import { describe, expect, it } from "vitest";
import { creditsLabel, formatCOP, formatCredits, formatNumber, groupThousands } from "./format.ts";

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

/** Values of every shape the pages show: whole and not, ties, tiny, huge, negative. Seeded: the same each run. */
function sampleValues(): number[] {
  let seed = 21;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const values = [0, -0, 1, 5, 999, 1_000, 1_500, 9_999, 10_000, 12_500, 123_456, 1_234_567, 1e15, 1e21, 1.5e22];
  values.push(0.5, 1.5, 2.5, -0.5, -1.5, 1.005, 2.675, 1.05, 9.96, 999_999.96, 0.0005, -0.0005, 1e-7, 3.3e-5, 4.5678);
  for (let i = 0; i < 4_000; i++) {
    const magnitude = 10 ** Math.floor(next() * 12 - 3);
    const v = Math.round(next() * magnitude * 10_000) / 10_000;
    values.push(v, -v, Math.round(next() * 1e6) / 1e3 + 0.0005, Math.round(next() * 1e9));
  }
  return values;
}

describe("the formats without Intl print what Intl's es-CO prints", () => {
  const values = sampleValues();
  const cop = new Intl.NumberFormat("es-CO", {
    style: "currency",
    currency: "COP",
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
    useGrouping: "always" as unknown as boolean,
  });
  const whole = (n: number) => {
    const r = Math.round(n);
    return r === 0 ? 0 : r;
  };
  const credits = new Intl.NumberFormat("es-CO", { useGrouping: "always" as unknown as boolean });
  const upTo = [0, 1, 2, 3].map((d) => new Intl.NumberFormat("es-CO", { maximumFractionDigits: d }));
  it("formatCOP and formatCredits", () => {
    expect(values.map(formatCOP)).toEqual(values.map((n) => cop.format(whole(n)).replace(/\s+/gu, NBSP)));
    expect(values.map(formatCredits)).toEqual(values.map((n) => credits.format(whole(n))));
  });
  it("formatNumber as toLocaleString('es-CO'), with 0 to 3 decimals", () => {
    expect(values.map((n) => formatNumber(n))).toEqual(values.map((n) => n.toLocaleString("es-CO")));
    for (const d of [0, 1, 2, 3]) {
      const f = upTo[d] as Intl.NumberFormat;
      expect(values.map((n) => formatNumber(n, d))).toEqual(values.map((n) => f.format(n)));
    }
  });
  it("formatNumber shows a dash for a value that is not a number", () => {
    expect(formatNumber(Number.NaN)).toBe("—");
    expect(formatNumber(Number.NEGATIVE_INFINITY)).toBe("—");
  });
});
