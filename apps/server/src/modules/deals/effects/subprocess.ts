import type { EffectRun } from "./context.ts";
import { stringField } from "./context.ts";

/** Applies a transition of the deal's sub-process (as the system: the parent decided it). */
export type ApplySub = (r: EffectRun<"subprocess">, dealId: string) => Promise<Record<string, number>>;

export function subprocessEffects(applySub: ApplySub) {
  return {
    /** `deal` names the field holding the sub-process's deal id; nothing when it has none. */
    async subprocess(r: EffectRun<"subprocess">) {
      const dealId = stringField(r.fields, r.spec.deal);
      if (!dealId) return;
      Object.assign(r.ctx.result, await applySub(r, dealId));
    },
  };
}
