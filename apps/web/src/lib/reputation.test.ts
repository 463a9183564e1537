import { reputationResponseSchema } from "@valoriza/domain";
import { describe, expect, it, vi } from "vitest";
import { UNEXPECTED_ANSWER } from "./answer.ts";
import { REPUTATION_PARTS, readReputation, reputationView, signed } from "./reputation.ts";

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
    const view = reputationView(readReputation(answer));
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
      expect(() => readReputation(body)).toThrow(UNEXPECTED_ANSWER);
    }
    quiet.mockRestore();
  });

  it("reads by hand exactly what the contract (reputationResponseSchema) accepts", () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const data = answer.data;
    const bodies: unknown[] = [
      answer,
      { ...answer, extra: 1 },
      { success: false, data },
      { success: true },
      { success: true, data: { ...data, userId: 3 } },
      { success: true, data: { ...data, reputacion: Number.NaN } },
      { success: true, data: { ...data, reputacion: null } },
      { success: true, data: { ...data, partes: { ...data.partes, cancelaciones: undefined } } },
      { success: true, data: { ...data, partes: { ...data.partes, prestamosVencidos: { cantidad: 1, peso: -5 } } } },
      {
        success: true,
        data: { ...data, partes: { ...data.partes, prestamosDevueltos: { ...part(1, 3), puntos: "3" } } },
      },
      [answer],
      "nada",
    ];
    for (const body of bodies) {
      const contract = reputationResponseSchema.safeParse(body);
      if (contract.success) expect(readReputation(body)).toEqual(contract.data.data);
      else expect(() => readReputation(body)).toThrow(UNEXPECTED_ANSWER);
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
