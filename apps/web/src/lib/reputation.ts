import { useQuery } from "@tanstack/react-query";
import type { Reputation } from "@valoriza/domain";
import { formatNumber } from "@valoriza/domain";
import { finite, isRecord, outOfContract, text } from "./answer.ts";
import { apiRequest } from "./api.ts";
import { afterFirstPaint } from "./first-paint.tsx";

/*
 * GET /reputation/{id} (public; ADR 014): the figure and its parts, derived from the deal history.
 * Shared by the asset page's owner card and /perfil. Read by hand (readReputation), not with zod: the
 * owner card is on every asset page, whose first load carries no zod (the unit test holds the reader
 * to reputationResponseSchema).
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

/**
 * GET /reputation/{id} as reputationResponseSchema documents it: `success: true` and `data` with
 * `userId`, `reputacion` and the four parts, each with `cantidad`, `peso` and `puntos`. Anything else
 * is refused with the message a person reads.
 */
export function readReputation(body: unknown): Reputation {
  if (!isRecord(body) || body.success !== true || !isRecord(body.data)) {
    return outOfContract("(raíz): se esperaba success: true y data");
  }
  const { userId, reputacion, partes } = body.data;
  if (!isRecord(partes)) return outOfContract("data.partes: se esperaba un objeto");
  const part = (key: (typeof REPUTATION_PARTS)[number]["key"]) => {
    const p = partes[key];
    if (!isRecord(p)) return outOfContract(`data.partes.${key}: se esperaba un objeto`);
    const where = `data.partes.${key}`;
    return {
      cantidad: finite(p.cantidad, `${where}.cantidad`),
      peso: finite(p.peso, `${where}.peso`),
      puntos: finite(p.puntos, `${where}.puntos`),
    };
  };
  return {
    userId: text(userId, "data.userId"),
    reputacion: finite(reputacion, "data.reputacion"),
    partes: {
      prestamosDevueltos: part("prestamosDevueltos"),
      entregasCompletadas: part("entregasCompletadas"),
      prestamosVencidos: part("prestamosVencidos"),
      cancelaciones: part("cancelaciones"),
    },
  };
}

/** A signed figure: +5, −10, 0. */
export function signed(n: number): string {
  const abs = formatNumber(Math.abs(n));
  return n > 0 ? `+${abs}` : n < 0 ? `−${abs}` : "0";
}

/** Read again whenever a page that shows it opens: other people's actions change it. */
export function useReputationParts(userId: string | undefined) {
  return useQuery({
    queryKey: ["reputation", userId ?? "", "partes"] as const,
    queryFn: async ({ signal }) => {
      // Secondary to the page: asked for once its first paint is behind (lib/first-paint.tsx).
      await afterFirstPaint();
      return reputationView(
        readReputation(await apiRequest(`/reputation/${encodeURIComponent(userId ?? "")}`, { signal })),
      );
    },
    enabled: Boolean(userId),
    staleTime: 0,
  });
}
