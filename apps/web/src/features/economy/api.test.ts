import { economicReportResponseSchema } from "@valoriza/domain";
import { describe, expect, it } from "vitest";
import { parseAnswer } from "../../lib/contracts.ts";
import { reportView } from "./api.ts";

const answer = {
  success: true,
  data: {
    creditosCirculacion: 1200,
    creditosEmitidos: 1500,
    creditosDestruidos: 300,
    creditosEnRevision: 100,
    creditosLiberadosMes: 50,
    colaLiberacion: { creditos: 10, revisiones: 1, topeDiario: 20_000, liberadosHoy: 0, esperanVerificacion: 5 },
    metricas: { totalUsuarios: 4, totalActivos: 6, creditosPromedioUsuario: 300 },
    ultimaActualizacion: "2026-11-26T12:00:00.000Z",
    equilibrado: true,
    sistema: { custodia: 0, tienda: 0, retiros: 0, tasaCambio: 1000 },
    historial: [{ fecha: "2026-11-25", emitidos: 1500, destruidos: 300 }],
  },
};

describe("reportView", () => {
  it("lifts the contract's metricas to the page's top level and keeps the rest", () => {
    const report = reportView(parseAnswer(economicReportResponseSchema, answer).data);
    expect(report).toMatchObject({ totalUsuarios: 4, totalActivos: 6, creditosPromedioUsuario: 300 });
    expect(report).not.toHaveProperty("metricas");
    expect(report.colaLiberacion.topeDiario).toBe(20_000);
    expect(report.historial).toEqual([{ fecha: "2026-11-25", emitidos: 1500, destruidos: 300 }]);
    expect(report.equilibrado).toBe(true);
  });
});
