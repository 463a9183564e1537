import type { EffectKind, EffectSpec } from "@valoriza/domain";
import type { TransitionContext } from "../deals.engine.ts";
import { assetEffects } from "./assets.ts";
import type { EffectRun } from "./context.ts";
import { ledgerEffects } from "./ledger.ts";
import { messageEffects } from "./messages.ts";
import { type ApplySub, type StartSub, subprocessEffects } from "./subprocess.ts";

/**
 * The library of reusable effects (ADR 026), one function per kind a process table may configure.
 * The record is total over EffectKind, so a kind the domain adds without an implementation does not
 * compile.
 */
export function effectLibrary(sub: { applySub: ApplySub; startSub: StartSub }) {
  const library: { [K in EffectKind]: (r: EffectRun<K>) => Promise<void> } = {
    ...ledgerEffects,
    ...assetEffects,
    ...messageEffects,
    ...subprocessEffects(sub),
  };
  return async function runEffect(
    ctx: TransitionContext<unknown>,
    spec: EffectSpec,
    fields: Readonly<Record<string, unknown>>,
  ): Promise<void> {
    if (spec.when !== undefined && fields[spec.when] !== true) return;
    const fn = library[spec.kind] as (r: EffectRun<EffectKind>) => Promise<void>;
    await fn({ ctx, spec, fields });
  };
}

export type { EffectRun } from "./context.ts";
