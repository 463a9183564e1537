import { useQuery } from "@tanstack/react-query";
import { ASSET_MSG, TASA_CAMBIO_COP } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query-client.ts";

export interface HistoryPoint {
  fecha: string;
  emitidos: number;
  destruidos: number;
}

export interface EconomyReport {
  creditosCirculacion: number;
  creditosEmitidos: number;
  creditosDestruidos: number;
  /** ADR 015: credits from self-declared assets held en revisión now, and released this month. */
  creditosEnRevision: number;
  creditosLiberadosMes: number;
  /** The release queue (ADR 015): credits of verified people waiting, the daily brake, released today. */
  colaLiberacion: {
    creditos: number;
    revisiones: number;
    topeDiario: number;
    liberadosHoy: number;
    esperanVerificacion: number;
  };
  totalUsuarios: number;
  totalActivos: number;
  creditosPromedioUsuario: number;
  ultimaActualizacion: string;
  equilibrado: boolean;
  sistema: { custodia: number; tienda: number; retiros: number; tasaCambio: number };
  historial: HistoryPoint[];
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

export function normalizeReport(body: unknown): EconomyReport {
  const b = record(body);
  if (b.success === false) throw new Error(ASSET_MSG.economyReportError);
  const d = record(b.data);
  const metricas = record(d.metricas);
  const sistema = record(d.sistema);
  const historial = Array.isArray(d.historial) ? d.historial.map(record) : [];
  const cola = record(d.colaLiberacion);
  return {
    creditosCirculacion: num(d.creditosCirculacion),
    creditosEmitidos: num(d.creditosEmitidos),
    creditosDestruidos: num(d.creditosDestruidos),
    creditosEnRevision: num(d.creditosEnRevision),
    creditosLiberadosMes: num(d.creditosLiberadosMes),
    colaLiberacion: {
      creditos: num(cola.creditos),
      revisiones: num(cola.revisiones),
      topeDiario: num(cola.topeDiario),
      liberadosHoy: num(cola.liberadosHoy),
      esperanVerificacion: num(cola.esperanVerificacion),
    },
    totalUsuarios: num(metricas.totalUsuarios),
    totalActivos: num(metricas.totalActivos),
    creditosPromedioUsuario: num(metricas.creditosPromedioUsuario),
    ultimaActualizacion: typeof d.ultimaActualizacion === "string" ? d.ultimaActualizacion : "",
    equilibrado: d.equilibrado === true,
    sistema: {
      custodia: num(sistema.custodia),
      tienda: num(sistema.tienda),
      retiros: num(sistema.retiros),
      tasaCambio: num(sistema.tasaCambio) || TASA_CAMBIO_COP,
    },
    historial: historial
      .filter((h) => typeof h.fecha === "string")
      .map((h) => ({ fecha: String(h.fecha), emitidos: num(h.emitidos), destruidos: num(h.destruidos) })),
  };
}

/** GET /economia/reporte (public). */
export function useEconomyReport() {
  return useQuery({
    queryKey: queryKeys.economyReport,
    queryFn: async ({ signal }) => normalizeReport(await apiRequest("/economia/reporte", { signal })),
    // The report changes with every registration anywhere: refresh when the page is reopened.
    staleTime: 30_000,
  });
}
