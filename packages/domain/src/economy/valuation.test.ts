import { describe, expect, it } from "vitest";
import {
  AGE_FACTORS,
  ageInYears,
  CATEGORY_FACTORS,
  categoryFactor,
  copFromCredits,
  creditsFromCOP,
  tryValuateGood,
  valuateGood,
  valuateMoney,
  valuateTime,
} from "./valuation.ts";

const YEAR = 2025;

describe("creditsFromCOP: round(COP / 1000), half up", () => {
  it.each([
    [0, 0],
    [499, 0], // 0.499 -> 0
    [500, 1], // 0.5   -> 1 (half up)
    [1_000, 1],
    [1_499, 1], // 1.499 -> 1
    [1_500, 2], // 1.5   -> 2 (half up)
    [2_500, 3], // 2.5   -> 3 (half up, not banker's 2)
    [1_040_400, 1_040], // 1040.4 -> 1040
    [297_500, 298], // 297.5 -> 298
    [100_000_000_000, 100_000_000], // MAX_AMOUNT_COP
  ])("%i COP -> %i credits", (cop, credits) => {
    expect(creditsFromCOP(cop)).toBe(credits);
  });

  it("rejects non-finite and negative amounts instead of inventing a number", () => {
    expect(() => creditsFromCOP(Number.NaN)).toThrow(RangeError);
    expect(() => creditsFromCOP(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => creditsFromCOP(-1)).toThrow(RangeError);
  });

  it("copFromCredits is the inverse rate", () => {
    expect(copFromCredits(1_040)).toBe(1_040_000);
    expect(() => copFromCredits(-1)).toThrow(RangeError);
  });
});

describe("valuateGood", () => {
  it("spec example: 2,000,000 Tecnología, bueno, usado, 3 years old", () => {
    // 2,000,000 x .9 (Tecnología) = 1,800,000
    //           x .85 (bueno)     = 1,530,000
    //           x .8 (usado)      = 1,224,000
    //           x .85 (3 años)    = 1,040,400 COP
    // depreciation = round((1 - 1,040,400/2,000,000) x 100) = round(47.98) = 48
    // credits = round(1,040,400 / 1000) = round(1040.4) = 1040
    const v = valuateGood({
      baseValueCOP: 2_000_000,
      category: "Tecnología",
      physicalState: "bueno",
      condition: "usado",
      yearOfPurchase: 2022,
      currentYear: YEAR,
    });
    expect(v).toEqual({
      valorCOPOriginal: 2_000_000,
      valorActualCOP: 1_040_400,
      depreciation: 48,
      antiguedadAnios: 3,
      factors: { category: 0.9, physicalState: 0.85, condition: 0.8, age: 0.85 },
      categoryKnown: true,
      valorCOPReconocido: 1_040_400,
      creditosAsignados: 1_040,
    });
  });

  it("a new vehicle in perfect state bought this year only loses the category factor", () => {
    // 50,000,000 x .92 x 1 x 1 x 1 = 46,000,000; depreciation 8; 46,000 credits
    const v = valuateGood({
      baseValueCOP: 50_000_000,
      category: "Vehículos",
      physicalState: "excelente",
      condition: "nuevo",
      yearOfPurchase: YEAR,
      currentYear: YEAR,
    });
    expect([v.valorActualCOP, v.depreciation, v.antiguedadAnios, v.creditosAsignados]).toEqual([
      46_000_000, 8, 0, 46_000,
    ]);
  });

  it("caps the age at 10 years: 15 years old is valued like 10 years old (factor .5)", () => {
    // 1,000,000 x .85 (Muebles) x .7 (regular) x 1 (nuevo) x .5 (10+ años) = 297,500 COP
    // depreciation = round((1 - .2975) x 100) = round(70.25) = 70
    // credits = round(297.5) = 298 (half up)
    const base = {
      baseValueCOP: 1_000_000,
      category: "Muebles",
      physicalState: "regular",
      condition: "nuevo",
      currentYear: YEAR,
    } as const;
    const fifteen = valuateGood({ ...base, yearOfPurchase: 2010 });
    const ten = valuateGood({ ...base, yearOfPurchase: 2015 });
    const nine = valuateGood({ ...base, yearOfPurchase: 2016 });
    expect(fifteen.valorActualCOP).toBe(297_500);
    expect(fifteen.depreciation).toBe(70);
    expect(fifteen.creditosAsignados).toBe(298);
    expect(fifteen.antiguedadAnios).toBe(10); // real age 15, reported capped at 10
    expect(fifteen.factors.age).toBe(0.5);
    expect(ten).toEqual(fifteen);
    // 9 years: 1,000,000 x .85 x .7 x .55 = 327,250 -> 327 credits
    expect(nine.valorActualCOP).toBe(327_250);
    expect(nine.creditosAsignados).toBe(327);
  });

  it("uses every age factor 0..10 in order", () => {
    // base 100,000 Tiempo (factor 1), excelente, nuevo -> value = 100,000 x ageFactor
    const values = Array.from(
      { length: 12 },
      (_, age) =>
        valuateGood({
          baseValueCOP: 100_000,
          category: "Tiempo",
          physicalState: "excelente",
          condition: "nuevo",
          yearOfPurchase: YEAR - age,
          currentYear: YEAR,
        }).valorActualCOP,
    );
    expect(values).toEqual([
      100_000, 95_000, 90_000, 85_000, 80_000, 75_000, 70_000, 65_000, 60_000, 55_000, 50_000, 50_000,
    ]);
    expect(AGE_FACTORS).toHaveLength(11);
  });

  it("treats a purchase year in the future as age 0 (no depreciation for age, no bonus)", () => {
    // 1,000,000 x .9 x 1 x 1 x 1 = 900,000
    const v = valuateGood({
      baseValueCOP: 1_000_000,
      category: "Tecnología",
      physicalState: "excelente",
      condition: "nuevo",
      yearOfPurchase: YEAR + 2,
      currentYear: YEAR,
    });
    expect(v.antiguedadAnios).toBe(0);
    expect(v.factors.age).toBe(1);
    expect(v.valorActualCOP).toBe(900_000);
  });

  it("gives an unknown category the 0.75 default, and spec categories missing from the table too", () => {
    // 100,000 x .75 = 75,000 -> 75 credits, depreciation 25
    const juguetesYJuegos = valuateGood({
      baseValueCOP: 100_000,
      category: "Juguetes y Juegos", // one of the 17 form categories, not in the factor table
      physicalState: "excelente",
      condition: "nuevo",
      yearOfPurchase: YEAR,
      currentYear: YEAR,
    });
    expect(juguetesYJuegos.valorActualCOP).toBe(75_000);
    expect(juguetesYJuegos.creditosAsignados).toBe(75);
    expect(juguetesYJuegos.depreciation).toBe(25);
    expect(juguetesYJuegos.categoryKnown).toBe(false);
    // whereas the table's own "Juguetes" is .7: 100,000 x .7 = 70,000
    const juguetes = valuateGood({
      baseValueCOP: 100_000,
      category: "Juguetes",
      physicalState: "excelente",
      condition: "nuevo",
      yearOfPurchase: YEAR,
      currentYear: YEAR,
    });
    expect(juguetes.valorActualCOP).toBe(70_000);
    expect(juguetes.categoryKnown).toBe(true);
    expect(categoryFactor("Inventada")).toEqual({ factor: 0.75, known: false });
    expect(categoryFactor("")).toEqual({ factor: 0.75, known: false });
  });

  it("matches a category name regardless of case, accents and spaces, but invents no aliases", () => {
    expect(categoryFactor("tecnologia")).toEqual({ factor: 0.9, known: true });
    expect(categoryFactor("  VEHÍCULOS ")).toEqual({ factor: 0.92, known: true });
    expect(categoryFactor("Deporte y Aventura")).toEqual({ factor: 0.75, known: false }); // not "Deportes" (.78)
    expect(categoryFactor("Libros y Educación")).toEqual({ factor: 0.75, known: false }); // not "Libros y Cultura"
  });

  it("has the overview §9 category table exactly", () => {
    expect(CATEGORY_FACTORS).toEqual({
      Tecnología: 0.9,
      Electrodomésticos: 0.88,
      Muebles: 0.85,
      "Ropa y Accesorios": 0.8,
      "Libros y Cultura": 0.75,
      Deportes: 0.78,
      Herramientas: 0.82,
      Juguetes: 0.7,
      "Instrumentos Musicales": 0.83,
      "Arte y Decoración": 0.8,
      Vehículos: 0.92,
      Mascotas: 0.76,
      Hogar: 0.84,
      Servicios: 0.88,
      Tiempo: 1,
      Dinero: 1,
      Otros: 0.7,
    });
  });

  it("rounds once, exactly, at the end (no binary floating-point drift)", () => {
    // 45 x .7 (Otros) = 31.5 exactly -> 32 (half up). Naive float: 45*0.7 = 31.499999999999996 -> 31.
    const v = valuateGood({
      baseValueCOP: 45,
      category: "Otros",
      physicalState: "excelente",
      condition: "nuevo",
      yearOfPurchase: YEAR,
      currentYear: YEAR,
    });
    expect(v.valorActualCOP).toBe(32);
  });

  it("rounds the depreciation half up exactly", () => {
    // 100,000 x .9 (Tecnología) x .75 (5 años) = 67,500
    // depreciation = (100,000 - 67,500) / 100,000 x 100 = 32.5 -> 33
    //   (naive float (1 - 0.675) * 100 = 32.49999... -> 32)
    // credits = round(67.5) = 68
    const v = valuateGood({
      baseValueCOP: 100_000,
      category: "Tecnología",
      physicalState: "excelente",
      condition: "nuevo",
      yearOfPurchase: 2020,
      currentYear: YEAR,
    });
    expect(v.valorActualCOP).toBe(67_500);
    expect(v.depreciation).toBe(33);
    expect(v.creditosAsignados).toBe(68);
  });

  it("keeps huge values exact (MAX_AMOUNT_COP)", () => {
    // 100,000,000,000 x .92 x .85 x .8 x .95 = 100e9 x .594320 = 59,432,000,000
    const v = valuateGood({
      baseValueCOP: 100_000_000_000,
      category: "Vehículos",
      physicalState: "bueno",
      condition: "usado",
      yearOfPurchase: 2024,
      currentYear: YEAR,
    });
    expect(v.valorActualCOP).toBe(59_432_000_000);
    expect(v.creditosAsignados).toBe(59_432_000);
    expect(v.depreciation).toBe(41); // 1 - .59432 = .40568 -> 40.568 -> 41
  });

  it("a base value of 0 is worth 0 with 0 % depreciation", () => {
    const v = valuateGood({
      baseValueCOP: 0,
      category: "Tecnología",
      physicalState: "malo",
      condition: "usado",
      yearOfPurchase: 1990,
      currentYear: YEAR,
    });
    expect([v.valorActualCOP, v.depreciation, v.creditosAsignados]).toEqual([0, 0, 0]);
  });

  it("rejects invalid input", () => {
    const ok = {
      baseValueCOP: 1000,
      category: "Tecnología",
      physicalState: "bueno",
      condition: "usado",
      yearOfPurchase: 2020,
      currentYear: YEAR,
    } as const;
    expect(() => valuateGood({ ...ok, baseValueCOP: -1 })).toThrow(RangeError);
    expect(() => valuateGood({ ...ok, baseValueCOP: Number.NaN })).toThrow(RangeError);
    expect(() => valuateGood({ ...ok, baseValueCOP: 1000.5 })).toThrow(RangeError);
    expect(() => valuateGood({ ...ok, baseValueCOP: 100_000_000_001 })).toThrow(RangeError);
    expect(() => valuateGood({ ...ok, physicalState: "roto" as never })).toThrow(RangeError);
    expect(() => valuateGood({ ...ok, condition: "semi" as never })).toThrow(RangeError);
    expect(() => valuateGood({ ...ok, yearOfPurchase: 2020.5 })).toThrow(RangeError);
    expect(tryValuateGood({ ...ok, baseValueCOP: undefined })).toBeNull();
    // 1000 x .9 x .85 x .8 x .75 (5 años) = 459
    expect(tryValuateGood(ok)?.valorActualCOP).toBe(459);
  });

  it("ageInYears clamps to 0..10", () => {
    expect(ageInYears(2022, YEAR)).toBe(3);
    expect(ageInYears(1900, YEAR)).toBe(10);
    expect(ageInYears(2030, YEAR)).toBe(0);
  });
});

describe("valuateTime: hours x 30,000 COP, or x 120,000 COP if specialized", () => {
  it("3 specialized hours = 3 x 120,000 = 360,000 COP = 360 credits", () => {
    expect(valuateTime({ horas: 3, especializado: true })).toEqual({
      valorHora: 120_000,
      valorTotal: 360_000,
      creditos: 360,
    });
  });
  it("3 ordinary hours = 3 x 30,000 = 90,000 COP = 90 credits", () => {
    expect(valuateTime({ horas: 3, especializado: false })).toEqual({
      valorHora: 30_000,
      valorTotal: 90_000,
      creditos: 90,
    });
  });
  it("bounds: 1 h = 30,000 (30 credits); 10 h specialized = 1,200,000 (1,200 credits)", () => {
    expect(valuateTime({ horas: 1, especializado: false }).creditos).toBe(30);
    expect(valuateTime({ horas: 10, especializado: true }).valorTotal).toBe(1_200_000);
    expect(valuateTime({ horas: 10, especializado: true }).creditos).toBe(1_200);
  });
  it.each([0, 11, 2.5, -1, Number.NaN])("rejects %s hours", (horas) => {
    expect(() => valuateTime({ horas, especializado: false })).toThrow(RangeError);
  });
});

describe("valuateMoney: the contributed amount", () => {
  it("1,250,000 COP = 1,250 credits", () => {
    expect(valuateMoney({ monto: 1_250_000 })).toEqual({ valorTotal: 1_250_000, creditos: 1_250 });
  });
  it("rounds half up: 1,500 -> 2, 1,499 -> 1, 499 -> 0", () => {
    expect(valuateMoney({ monto: 1_500 }).creditos).toBe(2);
    expect(valuateMoney({ monto: 1_499 }).creditos).toBe(1);
    expect(valuateMoney({ monto: 499 }).creditos).toBe(0);
  });
  it.each([0, -1000, 1500.5, Number.POSITIVE_INFINITY, 100_000_000_001])("rejects monto %s", (monto) => {
    expect(() => valuateMoney({ monto })).toThrow(RangeError);
  });
});
