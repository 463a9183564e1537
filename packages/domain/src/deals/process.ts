/**
 * Declarative deal processes (deals.md "One process engine"): every kind of
 * deal is a table of states and transitions kept as data. The server's engine
 * (apps/server/src/modules/deals) applies a transition by looking it up here,
 * checking the actor's role and the state, and running the named guards and
 * effects; the timers of a waiting state are scheduled from here too.
 * Everything in this file is pure.
 */

/** Who may trigger a transition: a party by role, the system (timers) or an admin. */
export type ActorRole = string;
export const SYSTEM_ROLE = "sistema";
export const ADMIN_ROLE = "admin";

export interface TimerSpec {
  /** Timer name, unique within its state (e.g. 'vencimiento'). */
  name: string;
  /** The transition fired when the timer is due (its actors must include 'sistema'). */
  transition: string;
  /** Delay from entering the state, or from the record's date named by relativeTo. */
  afterMs: number;
  /**
   * Counts afterMs from a date of the process record (e.g. a booking's 'endDate') rather than from
   * entering the state; the area's handlers give the engine that date (ProcessHandlers.timerBase).
   */
  relativeTo?: string;
}

export interface StateSpec {
  /** Spanish label (badges, history). */
  label: string;
  /** A final state: no transition leaves it, and no timer waits in it. */
  final?: boolean;
  /** Timers started on entering the state and cancelled on leaving it. */
  timers?: readonly TimerSpec[];
}

export interface TransitionSpec {
  /** States it leaves; null = the transition that creates the deal. */
  from: readonly string[] | null;
  to: string;
  /** Roles allowed to trigger it. */
  actors: readonly ActorRole[];
  /** Names of checks the engine runs under the lock, in order (each may refuse). */
  guards: readonly string[];
  /** Names of effects the engine runs in the same transaction, in order. */
  effects: readonly string[];
  /** The asset's owner may trigger it through PUT /operaciones/finalizar/{id}. */
  completesOperation?: boolean;
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
  if (!role) return { ok: false, reason: "not_allowed", message: PROCESS_MSG.notAllowed };
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

/**
 * Structural checks of a process table; returns the problems (empty when sound):
 * every state named exists, final states have no exits and no timers, every
 * waiting (non-final) state has a timer so nothing waits forever, timers fire
 * transitions the system may take from that state, and every state is reachable.
 */
export function validateProcess(process: ProcessSpec, knownNames?: { guards: string[]; effects: string[] }): string[] {
  const problems: string[] = [];
  const states = Object.keys(process.states);
  for (const [name, t] of Object.entries(process.transitions)) {
    if (!process.states[t.to]) problems.push(`${name}: estado destino desconocido ${t.to}`);
    for (const f of t.from ?? []) {
      if (!process.states[f]) problems.push(`${name}: estado origen desconocido ${f}`);
      else if (process.states[f].final) problems.push(`${name}: sale del estado final ${f}`);
    }
    if (t.actors.length === 0) problems.push(`${name}: sin actores`);
    for (const a of t.actors) {
      if (a !== SYSTEM_ROLE && a !== ADMIN_ROLE && !process.roles.includes(a)) {
        problems.push(`${name}: rol desconocido ${a}`);
      }
    }
    if (knownNames) {
      for (const g of t.guards)
        if (!knownNames.guards.includes(g)) problems.push(`${name}: guarda sin implementar ${g}`);
      for (const e of t.effects) {
        if (!knownNames.effects.includes(e)) problems.push(`${name}: efecto sin implementar ${e}`);
      }
    }
  }
  for (const [s, spec] of Object.entries(process.states)) {
    if (spec.final) {
      if (spec.timers?.length) problems.push(`${s}: un estado final no puede tener temporizadores`);
      continue;
    }
    if (!spec.timers?.length) problems.push(`${s}: estado de espera sin temporizador (esperaría para siempre)`);
    for (const timer of spec.timers ?? []) {
      const t = process.transitions[timer.transition];
      if (!t) problems.push(`${s}.${timer.name}: transición desconocida ${timer.transition}`);
      else {
        if (!t.actors.includes(SYSTEM_ROLE)) problems.push(`${s}.${timer.name}: ${timer.transition} no es del sistema`);
        if (!t.from?.includes(s)) problems.push(`${s}.${timer.name}: ${timer.transition} no sale de ${s}`);
      }
      if (!(timer.afterMs > 0)) problems.push(`${s}.${timer.name}: plazo inválido`);
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
