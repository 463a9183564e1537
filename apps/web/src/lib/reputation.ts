import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api.ts";

/*
 * GET /reputation/{id} (public; ADR 014): the figure and its parts, derived from the deal history.
 * Shared by the asset page's owner card and /perfil.
 */

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

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

export function normalizeReputation(body: unknown): ReputationView {
  const data = record(record(body).data);
  const partes = record(data.partes);
  return {
    total: num(data.reputacion),
    parts: REPUTATION_PARTS.map(({ key, label }) => {
      const p = record(partes[key]);
      return { key, label, cantidad: num(p.cantidad), peso: num(p.peso), puntos: num(p.puntos) };
    }),
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
    queryFn: async ({ signal }) =>
      normalizeReputation(await apiRequest(`/reputation/${encodeURIComponent(userId ?? "")}`, { signal })),
    enabled: Boolean(userId),
    staleTime: 0,
  });
}
