import { describe, expect, it } from "vitest";
import { buildSearchText, matchesSearch, normalizeSearch } from "./search.ts";

describe("normalizeSearch", () => {
  it("trims, lower-cases, strips accents and collapses spaces", () => {
    expect(normalizeSearch("  Cámara  RÉFLEX ")).toBe("camara reflex");
    expect(normalizeSearch("Niño")).toBe("nino");
    expect(normalizeSearch("Pingüino")).toBe("pinguino");
    expect(normalizeSearch("")).toBe("");
    expect(normalizeSearch(undefined)).toBe("");
  });
});

describe("matchesSearch (title, category, subcategory, description)", () => {
  const camera = {
    title: "Cámara Sony Alpha",
    category: "Tecnología",
    subcategory: "Cámaras y Fotografía",
    description: "Incluye lente de 50 mm y batería extra",
  };

  it("finds 'camara' in 'Cámara' and 'CÁMARA' in 'cámara'", () => {
    expect(matchesSearch(camera, "camara")).toBe(true);
    expect(matchesSearch(camera, "CÁMARA")).toBe(true);
    expect(matchesSearch({ title: "camara vieja" }, "Cámara")).toBe(true);
  });

  it("searches every field", () => {
    expect(matchesSearch(camera, "tecnologia")).toBe(true); // category
    expect(matchesSearch(camera, "fotografia")).toBe(true); // subcategory
    expect(matchesSearch(camera, "bateria")).toBe(true); // description
    expect(matchesSearch(camera, "  sony  ")).toBe(true); // trimmed
  });

  it("does not match what is not there, nor across two fields", () => {
    expect(matchesSearch(camera, "bicicleta")).toBe(false);
    // title ends in "alpha", category starts with "tecnologia": no match for the junction
    expect(matchesSearch(camera, "alpha tecnologia")).toBe(false);
  });

  it("an empty search shows everything", () => {
    expect(matchesSearch(camera, "")).toBe(true);
    expect(matchesSearch(camera, "   ")).toBe(true);
    expect(matchesSearch({}, null)).toBe(true);
  });

  it("tolerates missing fields", () => {
    expect(matchesSearch({ title: "Taladro", category: null }, "taladro")).toBe(true);
    expect(buildSearchText({ title: "Taladro" })).toBe("taladro\n\n\n");
  });
});
