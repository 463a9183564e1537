import { ADMIN_ROLE, type ProcessSpec, SYSTEM_ROLE, validateProcess } from "@valoriza/domain";
import type { DealRow } from "./deals.repository.ts";
import type { Actor, ProcessHandlers } from "./deals.types.ts";
import { providedGuards } from "./effects/guards.ts";

/** The roles `actor` holds in `deal`: its parties' roles (plus admin), or the system's. */
export function rolesOf(deal: DealRow, actor: Actor): string[] {
  if ("system" in actor) return [SYSTEM_ROLE];
  const roles = Object.entries(deal.parties)
    .filter(([, id]) => id === actor.user.id)
    .map(([role]) => role);
  if (actor.user.isAdmin) roles.push(ADMIN_ROLE);
  return roles;
}

/**
 * Why a table does not match its handlers (empty when it does): every guard and effect named is
 * implemented and every one implemented is named, relative timers have their base date, final
 * transitions declare outcomes, an effect is not both configured and hand-written, and a
 * sub-process's parent is registered before it.
 */
export function tableProblems<D>(
  spec: ProcessSpec,
  handlers: ProcessHandlers<D>,
  isRegistered: (name: string) => boolean,
): string[] {
  const problems = validateProcess(spec, {
    guards: providedGuards(spec, handlers),
    effects: Object.keys(handlers.effects),
    timerBase: handlers.timerBase !== undefined,
  });
  for (const e of Object.keys(handlers.effects)) {
    if (spec.effects?.[e]) problems.push(`efecto configurado en la tabla e implementado a la vez: ${e}`);
  }
  if (spec.drivenBy && !isRegistered(spec.drivenBy)) {
    problems.push(`sub-proceso de ${spec.drivenBy}, que no está registrado antes`);
  }
  return problems;
}
