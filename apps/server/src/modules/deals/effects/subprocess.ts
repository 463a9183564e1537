import type { EffectRun } from "./context.ts";
import { stringField } from "./context.ts";

/** Applies a transition of the deal's sub-process (as the system: the parent decided it). */
export type ApplySub = (r: EffectRun<"subprocess">, dealId: string) => Promise<Record<string, number>>;
/** Starts the deal's sub-process about an asset (as the step's actor). */
export type StartSub = (r: EffectRun<"subprocess.start">, assetId: string) => Promise<void>;

export function subprocessEffects({ applySub, startSub }: { applySub: ApplySub; startSub: StartSub }) {
  return {
    /** `deal` names the field holding the sub-process's deal id; nothing when it has none. */
    async subprocess(r: EffectRun<"subprocess">) {
      const dealId = stringField(r.fields, r.spec.deal);
      if (!dealId) return;
      Object.assign(r.ctx.result, await applySub(r, dealId));
    },
    /** `asset` names the field holding the sub-process's asset id; nothing when it has none. */
    async "subprocess.start"(r: EffectRun<"subprocess.start">) {
      const assetId = stringField(r.fields, r.spec.asset);
      if (!assetId) return;
      await startSub(r, assetId);
    },
  };
}
