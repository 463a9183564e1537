import { describe, expect, it } from "vitest";
import { normalizeReputation, REPUTATION_PARTS } from "./reputation.ts";

describe("normalizeReputation", () => {
  it("reads the figure and its parts in the order they are shown, with Spanish names", () => {
    const view = normalizeReputation({
      success: true,
      data: {
        reputacion: 7,
        partes: {
          cancelaciones: { cantidad: 1, peso: -2, puntos: -2 },
          prestamosDevueltos: { cantidad: 3, peso: 3, puntos: 9 },
        },
      },
    });
    expect(view.total).toBe(7);
    expect(view.parts.map((p) => p.label)).toEqual(REPUTATION_PARTS.map((p) => p.label));
    expect(view.parts[0]).toEqual({
      key: "prestamosDevueltos",
      label: "Préstamos devueltos",
      cantidad: 3,
      peso: 3,
      puntos: 9,
    });
    expect(view.parts[3]).toMatchObject({ key: "cancelaciones", cantidad: 1, puntos: -2 });
    // A part the server left out counts as zero.
    expect(view.parts[1]).toMatchObject({ key: "entregasCompletadas", cantidad: 0, peso: 0, puntos: 0 });
  });

  it("is all zeros for an empty or odd answer", () => {
    for (const body of [null, {}, { data: "x" }, { data: { reputacion: "10", partes: [] } }]) {
      const view = normalizeReputation(body);
      expect(view.total).toBe(0);
      expect(view.parts.every((p) => p.cantidad === 0 && p.puntos === 0)).toBe(true);
    }
  });
});
