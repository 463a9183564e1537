import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/**
 * Reputation (deals.md "Reputation"): a number per user derived from deal
 * history, never stored. Each part counts deals and weighs them:
 * loans returned (both parties) +5, completed handovers (sales and custodies
 * confirmed, both parties; donations and gifts handed over, both parties;
 * rentals finished, by the owner or closed by the system after the last day,
 * both parties) +3,
 * loans overdue (the borrower) -10, cancellations by that party -2.
 */
export const REPUTATION_WEIGHTS = {
  prestamosDevueltos: 5,
  entregasCompletadas: 3,
  prestamosVencidos: -10,
  cancelaciones: -2,
} as const;

export type ReputationPart = keyof typeof REPUTATION_WEIGHTS;

export interface Reputation {
  userId: string;
  reputacion: number;
  partes: Record<ReputationPart, { cantidad: number; peso: number; puntos: number }>;
}

export async function computeReputation(exec: Executor, userId: string): Promise<Reputation> {
  const res = await exec.execute(sql`select
    (select count(*) from deals d where d.process = 'prestamo' and d.state = 'devuelto'
       and (d.parties->>'prestatario' = ${userId} or d.parties->>'prestamista' = ${userId}))::int as "prestamosDevueltos",
    (select count(*) from deals d where d.process = 'prestamo' and d.state = 'vencido'
       and d.parties->>'prestatario' = ${userId})::int as "prestamosVencidos",
    (select count(*) from deals d where
       ((d.process = 'custodia' and d.state = 'confirmada') or (d.process = 'donacion' and d.state = 'completada')
        or (d.process = 'alquiler' and d.state = 'finalizada'))
       and exists (select 1 from jsonb_each_text(d.parties) p where p.value = ${userId}))::int as "entregasCompletadas",
    (select count(*) from deal_history h where h.actor_user_id = ${userId}::uuid
       and h.transition = 'cancelar')::int as "cancelaciones"`);
  const row = ((res as unknown as { rows: Record<ReputationPart, number>[] }).rows[0] ?? {}) as Record<
    ReputationPart,
    number
  >;
  const partes = {} as Reputation["partes"];
  let total = 0;
  for (const [k, peso] of Object.entries(REPUTATION_WEIGHTS) as [ReputationPart, number][]) {
    const cantidad = Number(row[k] ?? 0);
    partes[k] = { cantidad, peso, puntos: cantidad * peso };
    total += cantidad * peso;
  }
  return { userId, reputacion: total, partes };
}
