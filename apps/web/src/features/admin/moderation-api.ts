import { useMutation, useQuery } from "@tanstack/react-query";
import {
  type AdminReport,
  adminReportListResponseSchema,
  type ModerationOverviewResponse,
  moderationOverviewResponseSchema,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

/** The desk's moderation calls (issue 19): open reports, hidden listings and suspended accounts, decisions. */
export const MODERATION_KEY = ["admin", "moderacion"] as const;

export function useOpenReports() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...MODERATION_KEY, "reportes"],
    queryFn: async ({ signal }): Promise<{ data: AdminReport[]; total: number }> => {
      const body = parseAnswer(
        adminReportListResponseSchema,
        await apiRequest("/admin/reportes?limit=200", { signal }),
      );
      return { data: body.data, total: body.total };
    },
    enabled: user?.isAdmin === true,
    refetchInterval: 15_000,
  });
}

export function useModerationOverview() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...MODERATION_KEY, "estado"],
    queryFn: async ({ signal }): Promise<ModerationOverviewResponse["data"]> =>
      parseAnswer(moderationOverviewResponseSchema, await apiRequest("/admin/moderacion", { signal })).data,
    enabled: user?.isAdmin === true,
    refetchInterval: 15_000,
  });
}

export type DecisionKind = "ocultar" | "mostrar" | "suspender" | "reactivar" | "cerrar";

/** The call of each decision: `id` is the asset's, the person's or the report's. */
export const decisionPath = (kind: DecisionKind, id: string): string => {
  const e = encodeURIComponent(id);
  if (kind === "ocultar" || kind === "mostrar") return `/admin/activos/${e}/${kind}`;
  if (kind === "suspender" || kind === "reactivar") return `/admin/usuarios/${e}/${kind}`;
  return `/admin/reportes/${e}/cerrar`;
};

export function useDecision() {
  return useMutation({
    mutationFn: async (d: { kind: DecisionKind; id: string; motivo: string }) =>
      (await apiRequest(decisionPath(d.kind, d.id), { method: "POST", body: { motivo: d.motivo } })) as {
        message?: string;
      },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MODERATION_KEY }),
        queryClient.invalidateQueries({ queryKey: ["admin", "registro"] }),
      ]),
  });
}
