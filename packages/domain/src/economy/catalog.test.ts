import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  CATEGORY_CATALOG,
  CATEGORY_NAMES,
  RATIO_TEXT,
  slugify,
  subcategoriesOf,
  yearOptions,
} from "./catalog.ts";
import { categoryFactor } from "./valuation.ts";

describe("categories", () => {
  it("are the 17 sell/loan categories in the spec's order", () => {
    expect(CATEGORIES.map((c) => c.nombre)).toEqual([
      "Tecnología",
      "Vehículos",
      "Movilidad Personal",
      "Muebles",
      "Electrodomésticos",
      "Herramientas",
      "Ropa y Accesorios",
      "Joyas",
      "Relojes",
      "Deporte y Aventura",
      "Instrumentos Musicales",
      "Juguetes y Juegos",
      "Arte y Decoración",
      "Libros y Educación",
      "Mascotas",
      "Bebé y Niños",
      "Otros",
    ]);
  });

  it("have unique, accent-free slugs", () => {
    const ids = CATEGORIES.map((c) => c.id);
    expect(new Set(ids).size).toBe(17);
    expect(ids).toContain("tecnologia");
    expect(ids).toContain("bebe-y-ninos");
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("10 are in the factor table by name; the other 7 get the 0.75 default", () => {
    const unknown = CATEGORY_NAMES.filter((n) => !categoryFactor(n).known);
    expect(unknown).toEqual([
      "Movilidad Personal",
      "Joyas",
      "Relojes",
      "Deporte y Aventura",
      "Juguetes y Juegos",
      "Libros y Educación",
      "Bebé y Niños",
    ]);
    for (const n of unknown) expect(categoryFactor(n).factor).toBe(0.75);
  });
});

describe("goods catalogue (GET /api/formularios/categorias)", () => {
  it("covers all 17 categories with 3-6 subcategories of 2-5 especializaciones", () => {
    expect(CATEGORY_CATALOG.map((c) => c.nombre)).toEqual([...CATEGORY_NAMES]);
    for (const cat of CATEGORY_CATALOG) {
      expect(cat.subcategorias.length, cat.nombre).toBeGreaterThanOrEqual(3);
      expect(cat.subcategorias.length, cat.nombre).toBeLessThanOrEqual(6);
      for (const sub of cat.subcategorias) {
        expect(sub.especializaciones.length, sub.nombre).toBeGreaterThanOrEqual(2);
        expect(sub.especializaciones.length, sub.nombre).toBeLessThanOrEqual(5);
        expect(new Set(sub.especializaciones).size, sub.nombre).toBe(sub.especializaciones.length);
      }
    }
  });

  it("has unique subcategory ids prefixed by the category id", () => {
    const ids = CATEGORY_CATALOG.flatMap((c) => c.subcategorias.map((s) => s.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of CATEGORY_CATALOG) for (const s of c.subcategorias) expect(s.id.startsWith(`${c.id}-`)).toBe(true);
    expect(subcategoriesOf("Tecnología").map((s) => s.id)).toContain("tecnologia-celulares-y-tablets");
  });

  it("subcategoriesOf an unknown category is empty", () => {
    expect(subcategoriesOf("Inventada")).toEqual([]);
  });

  it("slugify strips accents and punctuation", () => {
    expect(slugify("Mountain bike (MTB)")).toBe("mountain-bike-mtb");
    expect(slugify("  Cámaras y Fotografía ")).toBe("camaras-y-fotografia");
  });
});

describe("RATIO_TEXT", () => {
  it("states the rate", () => {
    expect(RATIO_TEXT).toBe("1 crédito = $1.000 COP");
  });
});

describe("yearOptions", () => {
  it("2025: 2025..1976 (50 years) then 1970, 1960, ..., 1900 (8 decades) = 58", () => {
    const y = yearOptions(2025);
    expect(y).toHaveLength(58);
    expect(y[0]).toBe(2025);
    expect(y[49]).toBe(1976);
    expect(y.slice(50)).toEqual([1970, 1960, 1950, 1940, 1930, 1920, 1910, 1900]);
    expect(y.at(-1)).toBe(1900);
  });

  it("never repeats a decade already inside the last 50 years, and is strictly descending", () => {
    const y = yearOptions(2029); // 2029..1980, then 1970..1900
    expect(y).toHaveLength(58);
    expect(y.filter((v) => v === 1980)).toHaveLength(1);
    for (let i = 1; i < y.length; i++) expect(y[i]).toBeLessThan(y[i - 1] as number);
    const z = yearOptions(2030); // 2030..1981, then 1980..1900 (9)
    expect(z).toHaveLength(59);
    expect(z[50]).toBe(1980);
  });

  it("does not go below 1900", () => {
    const y = yearOptions(1920);
    expect(y).toHaveLength(21); // 1920..1900
    expect(y.at(-1)).toBe(1900);
  });

  it("rejects an invalid current year", () => {
    expect(() => yearOptions(2025.5)).toThrow(RangeError);
    expect(() => yearOptions(1899)).toThrow(RangeError);
  });
});
