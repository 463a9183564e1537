import { useQuery } from "@tanstack/react-query";
import type { Reputation } from "@valoriza/domain";
import { apiRequest } from "./api.ts";
import { afterFirstPaint } from "./first-paint.tsx";

/*
 * GET /reputation/{id} (public; ADR 014): the figure and its parts, derived from the deal history.
 * Shared by the asset page's owner card and /perfil.
 */

/** The parts, in the order they are shown, with their Spanish names. */
export const REPUTATION_PARTS = [
  { key: "prestamosDevueltos", label: "Préstamos devueltos" },
  { key: "entregasCompletadas", label: "Entregas completadas" },
  { key: "prestamosVencidos", label: "Préstamos vencidos" },
  { key: "cancelaciones", label: "Cancelaciones" },
] as const;

export interface ReputationPartView {
  key: string;
  label: string;
  cantidad: number;
  peso: number;
  puntos: number;
}

export interface ReputationView {
  total: number;
  parts: ReputationPartView[];
}

/** The contract's reputation (reputationSchema) as the cards show it: the parts in order, with their names. */
export function reputationView(data: Reputation): ReputationView {
  return {
    total: data.reputacion,
    parts: REPUTATION_PARTS.map(({ key, label }) => ({ key, label, ...data.partes[key] })),
  };
}

/** A signed figure: +5, −10, 0. */
export function signed(n: number): string {
  const abs = Math.abs(n).toLocaleString("es-CO");
  return n > 0 ? `+${abs}` : n < 0 ? `−${abs}` : "0";
}

/** Read again whenever a page that shows it opens: other people's actions change it. */
export function useReputationParts(userId: string | undefined) {
  return useQuery({
    queryKey: ["reputation", userId ?? "", "partes"] as const,
    queryFn: async ({ signal }) => {
      // Secondary to the page: asked for once its first paint is behind (lib/first-paint.tsx).
      await afterFirstPaint();
      // The contract (and zod) load with the answer: the asset page's first paint carries no zod.
      const [body, { parseReputation }] = await Promise.all([
        apiRequest(`/reputation/${encodeURIComponent(userId ?? "")}`, { signal }),
        import("./reputation-contract.ts"),
      ]);
      return reputationView(parseReputation(body));
    },
    enabled: Boolean(userId),
    staleTime: 0,
  });
}
