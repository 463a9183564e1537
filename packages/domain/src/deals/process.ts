/**
 * Declarative deal processes (deals.md "One process engine"): every kind of
 * deal is a table of states and transitions kept as data. The server's engine
 * (apps/server/src/modules/deals) applies a transition by looking it up here,
 * checking the actor's role and the state, and running the named guards and
 * effects; the timers of a waiting state are scheduled from here too.
 * Everything in this file is pure.
 */

import { type EffectSpec, effectProblems, type Templates } from "./effects.ts";

/** Who may trigger a transition: a party by role, the system (timers) or an admin. */
export type ActorRole = string;
export const SYSTEM_ROLE = "sistema";
export const ADMIN_ROLE = "admin";

export interface TimerSpec {
  /** Timer name, unique within its state (e.g. 'vencimiento'). */
  name: string;
  /**
   * The transition fired when the timer is due (its actors must include 'sistema'). A transition
   * that leaves the state is a deadline; one that stays in it (from = to, e.g. a reminder) runs its
   * effects and leaves the state's other timers as they are.
   */
  transition: string;
  /**
   * Delay from entering the state, or from the record's date named by relativeTo. With relativeTo
   * it may be negative (a reminder a day BEFORE a due date); the engine never schedules a timer
   * before the moment the deal entered the state.
   */
  afterMs: number;
  /**
   * Counts afterMs from a date of the process record (e.g. a booking's 'endDate') rather than from
   * entering the state; the area's handlers give the engine that date (ProcessHandlers.timerBase).
   */
  relativeTo?: string;
}

/**
 * How a deal ended (issue 18 item 2, ADR 024): every transition into a final state declares it, so
 * reputation, analytics and review eligibility read outcomes, never process or transition names.
 * - completado: the deal did what it was for.
 * - cancelado: a party (or an admin) called it off before it completed.
 * - rechazado: the side that was asked said no.
 * - retirado: whoever proposed or requested withdrew it before an answer (not a failure).
 * - vencido: nobody acted before the deadline (the system closed it; nobody is at fault).
 * - incumplido: a party failed its obligation (e.g. a loan not returned); `por` names that party.
 * - cerrado: closed by the system for a reason outside the deal (another deal took the asset, the
 *   parent deal of a sub-process ended).
 */
export const OUTCOME_RESULTS = [
  "completado",
  "cancelado",
  "rechazado",
  "retirado",
  "vencido",
  "incumplido",
  "cerrado",
] as const;
export type OutcomeResult = (typeof OUTCOME_RESULTS)[number];

/**
 * What a completed deal proved between its two parties: `entrega`, a handover confirmed by the
 * receiving side (the custody code, the recipient's acceptance, the owner's finish of a rental);
 * `devolucion`, a lent asset returned and confirmed by its lender. A completion without proof (the
 * shop delivered, a withdrawal paid, an exchange agreed) declares none.
 */
export const OUTCOME_PROOFS = ["entrega", "devolucion"] as const;
export type OutcomeProof = (typeof OUTCOME_PROOFS)[number];

/** The outcome a transition into a final state declares. */
export interface OutcomeSpec {
  resultado: OutcomeResult;
  /**
   * The role that caused it: a party role, 'admin' or 'sistema'. Omitted: the role that took the
   * transition (e.g. a booking cancelled by either party is cancelled by whichever did it).
   */
  por?: ActorRole;
  /** Only with completado: what the completion proved between the parties. */
  confirma?: OutcomeProof;
}

/** The outcome of one closed deal: the result, the role that caused it, and the proof if any. */
export interface DealOutcome {
  resultado: OutcomeResult;
  por: ActorRole;
  confirma: OutcomeProof | null;
}

export interface StateSpec {
  /** Spanish label (badges, history). */
  label: string;
  /** A final state: no transition leaves it, and no timer waits in it. */
  final?: boolean;
  /** Timers started on entering the state and cancelled on leaving it. */
  timers?: readonly TimerSpec[];
  /**
   * The one exemption from "every waiting state has a deadline" (issue 19, a custody in dispute): the
   * state waits for an admin's decision, not for a party or the clock. It needs no timer because a
   * person on the admin's desk, who lists every deal in it, decides; it must have a transition an
   * admin takes out of it (validateProcess checks).
   */
  awaitsAdmin?: true;
}

export interface TransitionSpec {
  /** States it leaves; null = the transition that creates the deal. */
  from: readonly string[] | null;
  to: string;
  /** Roles allowed to trigger it. */
  actors: readonly ActorRole[];
  /** Names of checks the engine runs under the lock, in order (each may refuse). */
  guards: readonly string[];
  /**
   * Names of effects the engine runs in the same transaction, in order: a library effect the table
   * configures under the process's `effects`, or a custom one of the area's handlers.
   */
  effects: readonly string[];
  /** The asset's owner may trigger it through PUT /operaciones/finalizar/{id}. */
  completesOperation?: boolean;
  /** Required on (and only on) a transition into a final state: how the deal ended. */
  outcome?: OutcomeSpec;
  /**
   * A role someone outside the deal may take by this transition while it is vacant, when the caller
   * asks for it (a community donation's beneficiary: the first claim wins, under the deal's lock).
   */
  claims?: ActorRole;
  /** What someone without one of its actor roles reads (403); default PROCESS_MSG.notAllowed. */
  notAllowedMessage?: string;
  /** Spanish label for the history. */
  label: string;
}

export interface ProcessSpec {
  /** Process name, stored on each deal (e.g. 'custodia'). */
  name: string;
  /** Party roles of this process (the roles a deal stores user ids for). */
  roles: readonly ActorRole[];
  states: Readonly<Record<string, StateSpec>>;
  transitions: Readonly<Record<string, TransitionSpec>>;
  /** Spanish message for a transition refused because the deal is in a state it does not leave. */
  stateMessages: Readonly<Record<string, string>>;
  /** Spanish message when the owner tries to finish the operation and the process does not allow it. */
  finishRefusedMessage: string;
  /**
   * A sub-process: its deals are started and ended only by the effects of a deal of this parent
   * process (a loan's collateral). Its waiting states need no deadline of their own: they end when
   * the parent's deal does, and the parent's waiting states have deadlines.
   */
  drivenBy?: string;
  /** The library effects the transitions name, with their settings (ADR 026). */
  effects?: Readonly<Record<string, EffectSpec>>;
  /** The texts parties read (notifications, activity), keyed by transition unless an effect names another. */
  templates?: Templates;
}

export type TransitionCheck =
  | { ok: true; transition: TransitionSpec; repeat: false }
  /** The deal already took this very transition (same actor role): an idempotent repeat, no effect. */
  | { ok: true; transition: TransitionSpec; repeat: true }
  | { ok: false; reason: "unknown_transition" | "not_allowed" | "wrong_state"; message: string };

export const PROCESS_MSG = {
  unknownTransition: "Esta acción no existe para esta operación",
  notAllowed: "No tienes permiso para realizar esta acción en esta operación",
  wrongState: "Esta operación ya no admite esa acción",
} as const;

/**
 * Decides whether `role` may take `transitionName` from `state`.
 * `last` is the deal's latest history entry: when the deal already took the
 * same transition into the current state by the same role, the call is an
 * idempotent repeat (one effect for the same transition twice).
 */
export function checkTransition(
  process: ProcessSpec,
  input: {
    state: string | null;
    transition: string;
    roles: readonly ActorRole[];
    last?: { transition: string; actorRole: string } | null;
  },
): TransitionCheck {
  const t = process.transitions[input.transition];
  if (!t) return { ok: false, reason: "unknown_transition", message: PROCESS_MSG.unknownTransition };
  const role = input.roles.find((r) => t.actors.includes(r));
  if (!role) return { ok: false, reason: "not_allowed", message: t.notAllowedMessage ?? PROCESS_MSG.notAllowed };
  if (t.from === null) {
    if (input.state === null) return { ok: true, transition: t, repeat: false };
    return { ok: false, reason: "wrong_state", message: stateMessage(process, input.state) };
  }
  if (input.state !== null && t.from.includes(input.state)) return { ok: true, transition: t, repeat: false };
  if (
    input.state === t.to &&
    input.last?.transition === input.transition &&
    input.roles.includes(input.last.actorRole)
  ) {
    return { ok: true, transition: t, repeat: true };
  }
  return { ok: false, reason: "wrong_state", message: stateMessage(process, input.state) };
}

export function stateMessage(process: ProcessSpec, state: string | null): string {
  return (state !== null && process.stateMessages[state]) || PROCESS_MSG.wrongState;
}

/** The transitions `roles` may take from `state` (for UIs and docs). */
export function availableTransitions(process: ProcessSpec, state: string, roles: readonly ActorRole[]): string[] {
  return Object.entries(process.transitions)
    .filter(([, t]) => t.from?.includes(state) && t.actors.some((a) => roles.includes(a)))
    .map(([name]) => name);
}

/** The transition the asset's owner may take through /operaciones/finalizar from `state`, if any. */
export function ownerCompletion(process: ProcessSpec, state: string): string | null {
  const found = Object.entries(process.transitions).find(([, t]) => t.completesOperation && t.from?.includes(state));
  return found ? found[0] : null;
}

export const isFinalState = (process: ProcessSpec, state: string): boolean => process.states[state]?.final === true;

/** A transition that stays in the state it leaves (a reminder): no deadline, the state's timers stay. */
export const staysInState = (t: TransitionSpec, state: string): boolean => t.to === state && !!t.from?.includes(state);

/** The outcome a deal gets when `transitionName`, taken by `actorRole`, ends it (null: it does not end it). */
export function outcomeOf(process: ProcessSpec, transitionName: string, actorRole: ActorRole): DealOutcome | null {
  const t = process.transitions[transitionName];
  if (!t?.outcome || !isFinalState(process, t.to)) return null;
  return { resultado: t.outcome.resultado, por: t.outcome.por ?? actorRole, confirma: t.outcome.confirma ?? null };
}

/**
 * The outcomes each final state can end with, as `resultado[:por][+confirma]` strings (for tests and
 * docs): e.g. `{ cancelada: ['cancelado:oferente', 'vencido:sistema'], confirmada: ['completado:receptor+entrega'] }`.
 * A transition with several actors and no `por` lists one outcome per actor.
 */
export function finalOutcomes(process: ProcessSpec): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [s, spec] of Object.entries(process.states)) if (spec.final) out[s] = [];
  for (const t of Object.values(process.transitions)) {
    if (!t.outcome || !out[t.to]) continue;
    for (const por of t.outcome.por ? [t.outcome.por] : t.actors) {
      const o = `${t.outcome.resultado}:${por}${t.outcome.confirma ? `+${t.outcome.confirma}` : ""}`;
      if (!out[t.to]?.includes(o)) out[t.to]?.push(o);
    }
  }
  return out;
}

/** The names a process's handlers implement, to check a table against them (the engine does at boot). */
export interface ImplementedNames {
  guards: readonly string[];
  effects: readonly string[];
  /** Whether the handlers give the engine the dates timers with `relativeTo` count from (undefined: not checked). */
  timerBase?: boolean;
}

/**
 * Structural checks of a process table; returns the problems (empty when sound):
 * every state named exists, final states have no exits and no timers, every waiting (non-final)
 * state has a deadline (a timer whose transition leaves it) so nothing waits forever, unless the
 * process is a sub-process driven by its parent or the state `awaitsAdmin` (with an admin's exit); timers fire transitions the system may take from
 * that state; every transition into a final state declares its outcome (and no other does); every
 * state is reachable. With `implemented` (the real handlers' names): every guard and effect named
 * is implemented, every one implemented is used, and relative timers have their base date.
 */
export function validateProcess(process: ProcessSpec, implemented?: ImplementedNames): string[] {
  const problems: string[] = [];
  const states = Object.keys(process.states);
  const isRole = (a: string) => a === SYSTEM_ROLE || a === ADMIN_ROLE || process.roles.includes(a);
  const usedGuards = new Set<string>();
  const usedEffects = new Set<string>();
  const configured = process.effects ?? {};
  for (const [name, t] of Object.entries(process.transitions)) {
    const target = process.states[t.to];
    if (!target) problems.push(`${name}: estado destino desconocido ${t.to}`);
    for (const f of t.from ?? []) {
      if (!process.states[f]) problems.push(`${name}: estado origen desconocido ${f}`);
      else if (process.states[f].final) problems.push(`${name}: sale del estado final ${f}`);
    }
    if (t.actors.length === 0) problems.push(`${name}: sin actores`);
    for (const a of t.actors) if (!isRole(a)) problems.push(`${name}: rol desconocido ${a}`);
    if (target?.final && !t.outcome) problems.push(`${name}: llega al estado final ${t.to} sin resultado`);
    if (target && !target.final && t.outcome) problems.push(`${name}: declara un resultado sin terminar la operación`);
    if (t.outcome) {
      const o = t.outcome;
      if (!(OUTCOME_RESULTS as readonly string[]).includes(o.resultado))
        problems.push(`${name}: resultado desconocido ${o.resultado}`);
      if (o.por !== undefined && !isRole(o.por))
        problems.push(`${name}: resultado causado por un rol desconocido ${o.por}`);
      if (o.confirma !== undefined && o.resultado !== "completado")
        problems.push(`${name}: solo un resultado completado confirma algo`);
      if (o.resultado === "incumplido" && (o.por === undefined || !process.roles.includes(o.por)))
        problems.push(`${name}: un incumplimiento debe nombrar a la parte que incumplió`);
    }
    if (t.claims !== undefined && (!process.roles.includes(t.claims) || !t.actors.includes(t.claims)))
      problems.push(`${name}: solo puede reclamarse un rol de la operación que tome esta transición`);
    for (const g of t.guards) usedGuards.add(g);
    for (const e of t.effects) {
      usedEffects.add(e);
      const spec = configured[e];
      if (spec) problems.push(...effectProblems(e, name, spec, process.roles, process.templates));
    }
    if (implemented) {
      for (const g of t.guards)
        if (!implemented.guards.includes(g)) problems.push(`${name}: guarda sin implementar ${g}`);
      for (const e of t.effects) {
        if (!configured[e] && !implemented.effects.includes(e)) problems.push(`${name}: efecto sin implementar ${e}`);
      }
    }
  }
  for (const e of Object.keys(configured)) if (!usedEffects.has(e)) problems.push(`efecto configurado sin usar: ${e}`);
  if (implemented) {
    for (const g of implemented.guards) if (!usedGuards.has(g)) problems.push(`guarda implementada sin usar: ${g}`);
    for (const e of implemented.effects) if (!usedEffects.has(e)) problems.push(`efecto implementado sin usar: ${e}`);
  }
  for (const [s, spec] of Object.entries(process.states)) {
    if (spec.final) {
      if (spec.timers?.length) problems.push(`${s}: un estado final no puede tener temporizadores`);
      continue;
    }
    const deadline = (spec.timers ?? []).some((timer) => {
      const t = process.transitions[timer.transition];
      return t !== undefined && !staysInState(t, s);
    });
    const adminExit = Object.values(process.transitions).some(
      (t) => t.from?.includes(s) && t.to !== s && t.actors.includes(ADMIN_ROLE),
    );
    if (spec.awaitsAdmin && !adminExit) problems.push(`${s}: espera a un administrador, pero ninguno puede sacarla`);
    if (!deadline && !process.drivenBy && !(spec.awaitsAdmin && adminExit)) {
      problems.push(`${s}: estado de espera sin temporizador (esperaría para siempre)`);
    }
    const names = new Set<string>();
    for (const timer of spec.timers ?? []) {
      if (names.has(timer.name)) problems.push(`${s}.${timer.name}: temporizador repetido`);
      names.add(timer.name);
      const t = process.transitions[timer.transition];
      if (!t) problems.push(`${s}.${timer.name}: transición desconocida ${timer.transition}`);
      else {
        if (!t.actors.includes(SYSTEM_ROLE)) problems.push(`${s}.${timer.name}: ${timer.transition} no es del sistema`);
        if (!t.from?.includes(s)) problems.push(`${s}.${timer.name}: ${timer.transition} no sale de ${s}`);
      }
      if (!Number.isFinite(timer.afterMs) || (timer.relativeTo === undefined && !(timer.afterMs > 0))) {
        problems.push(`${s}.${timer.name}: plazo inválido`);
      }
      if (timer.relativeTo !== undefined && implemented?.timerBase === false) {
        problems.push(`${s}.${timer.name}: cuenta desde ${timer.relativeTo}, pero nadie da esa fecha (timerBase)`);
      }
    }
  }
  const reached = new Set<string>();
  for (const t of Object.values(process.transitions)) if (t.from === null) reached.add(t.to);
  let grew = true;
  while (grew) {
    grew = false;
    for (const t of Object.values(process.transitions)) {
      if (t.from?.some((f) => reached.has(f)) && !reached.has(t.to)) {
        reached.add(t.to);
        grew = true;
      }
    }
  }
  for (const s of states) if (!reached.has(s)) problems.push(`${s}: estado inalcanzable`);
  return problems;
}
