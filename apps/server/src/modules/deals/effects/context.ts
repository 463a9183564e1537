import type { EffectSpec } from "@valoriza/domain";
import type { TransitionContext } from "../deals.engine.ts";

/**
 * What a library effect gets (ADR 026): the step's context, its settings from the table, and the
 * deal's fields (the handlers' `fields` plus transition, from and to) that settings and texts name.
 */
export interface EffectRun<K extends EffectSpec["kind"]> {
  ctx: TransitionContext<unknown>;
  spec: Extract<EffectSpec, { kind: K }>;
  fields: Readonly<Record<string, unknown>>;
}

/** A numeric field the settings name (e.g. amount: 'pagoCreditos'); not a number is a table bug. */
export function numberField(fields: Readonly<Record<string, unknown>>, name: string): number {
  const v = fields[name];
  if (typeof v !== "number") throw new Error(`deals: el campo ${name} no es un número`);
  return v;
}

/** A text field (an id, a type) the settings name. */
export function stringField(fields: Readonly<Record<string, unknown>>, name: string): string | null {
  const v = fields[name];
  if (v === null || v === undefined) return null;
  if (typeof v !== "string") throw new Error(`deals: el campo ${name} no es un texto`);
  return v;
}

/** The user id of a party role of the deal (null when the role is vacant, e.g. an unclaimed donation). */
export function partyOf(ctx: TransitionContext<unknown>, role: string): string | null {
  return ctx.deal.parties[role] ?? null;
}

export function requiredParty(ctx: TransitionContext<unknown>, role: string): string {
  const id = partyOf(ctx, role);
  if (!id) throw new Error(`deals: ${ctx.process.name} ${ctx.deal.id} has no ${role}`);
  return id;
}

export { dealAsset as assetOf } from "../handler-kit.ts";
