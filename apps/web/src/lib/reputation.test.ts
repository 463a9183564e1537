import { describe, expect, it, vi } from "vitest";
import { UNEXPECTED_ANSWER } from "./contracts.ts";
import { REPUTATION_PARTS, reputationView, signed } from "./reputation.ts";
import { parseReputation } from "./reputation-contract.ts";

const part = (cantidad: number, peso: number) => ({ cantidad, peso, puntos: cantidad * peso });
const answer = {
  success: true,
  data: {
    userId: "u1",
    reputacion: 7,
    partes: {
      cancelaciones: part(1, -2),
      prestamosDevueltos: part(3, 3),
      entregasCompletadas: part(0, 2),
      prestamosVencidos: part(0, -5),
    },
  },
};

describe("reputationView", () => {
  it("reads the figure and its parts in the order they are shown, with Spanish names", () => {
    const view = reputationView(parseReputation(answer));
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
    expect(view.parts[1]).toMatchObject({ key: "entregasCompletadas", cantidad: 0, peso: 2, puntos: 0 });
  });

  it("refuses an answer out of its contract with the message a person reads", () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const body of [null, {}, { success: true, data: { reputacion: "10", partes: [] } }]) {
      expect(() => parseReputation(body)).toThrow(UNEXPECTED_ANSWER);
    }
    quiet.mockRestore();
  });
});

describe("signed", () => {
  it("writes a figure with its sign, es-CO thousands and a true minus", () => {
    expect(signed(5)).toBe("+5");
    expect(signed(-1200)).toBe("−1.200");
    expect(signed(0)).toBe("0");
  });
});
