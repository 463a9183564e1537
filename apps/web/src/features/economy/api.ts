import { useQuery } from "@tanstack/react-query";
import { type EconomicReportDto, economicReportResponseSchema } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { queryKeys } from "../../lib/query-client.ts";

export type HistoryPoint = EconomicReportDto["historial"][number];

/** The report as the page reads it: the contract's (economicReportSchema) with `metricas` at the top level. */
export type EconomyReport = Omit<EconomicReportDto, "metricas"> & EconomicReportDto["metricas"];

/** The report in the page's shape: the contract's `metricas` lifted to the top level. */
export function reportView({ metricas, ...rest }: EconomicReportDto): EconomyReport {
  return { ...rest, ...metricas };
}

/** GET /economia/reporte (public). */
export function useEconomyReport() {
  return useQuery({
    queryKey: queryKeys.economyReport,
    queryFn: async ({ signal }) =>
      reportView(parseAnswer(economicReportResponseSchema, await apiRequest("/economia/reporte", { signal })).data),
    // The report changes with every registration anywhere: refresh when the page is reopened.
    staleTime: 30_000,
  });
}
