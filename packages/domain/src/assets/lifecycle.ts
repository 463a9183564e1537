/**
 * THE asset's life (deals.md "The asset's own life"): one table of states and
 * transitions used by every area that changes an asset's status.
 *
 *   disponible/activo (listed) --reservar--> operacion (reserved by a deal)
 *   operacion --liberar--> disponible (the deal ended: completed, cancelled, expired)
 *   disponible/activo --desactivar (never used)--> desactivado (final)
 */

export const ASSET_LIFE_STATES = ["activo", "disponible", "inactivo", "operacion", "retirado", "desactivado"] as const;
export type AssetLifeState = (typeof ASSET_LIFE_STATES)[number];

export interface AssetTransitionSpec {
  from: readonly AssetLifeState[];
  to: AssetLifeState;
  /** Only while the asset has never completed an operation (vecesUsado 0). */
  requiresUnused?: boolean;
}

export const ASSET_TRANSITIONS = {
  /** A deal reserves the asset: no other deal, no deactivation. */
  reservar: { from: ["activo", "disponible"], to: "operacion" },
  /** The deal ended (completed, cancelled or expired): available again. */
  liberar: { from: ["operacion"], to: "disponible" },
  /** Deactivation destroys its blocked credits; final. */
  desactivar: { from: ["activo", "disponible"], to: "desactivado", requiresUnused: true },
} as const satisfies Record<string, AssetTransitionSpec>;
export type AssetTransition = keyof typeof ASSET_TRANSITIONS;

export const FINAL_ASSET_STATES: readonly AssetLifeState[] = ["desactivado"];

export type AssetTransitionRefusal = "desactivado" | "estado" | "usado";

/** Null when `transition` may be applied to the asset, otherwise why not. */
export function assetTransitionRefusal(
  asset: { status: string; vecesUsado: number },
  transition: AssetTransition,
): AssetTransitionRefusal | null {
  const t: AssetTransitionSpec = ASSET_TRANSITIONS[transition];
  if ((FINAL_ASSET_STATES as readonly string[]).includes(asset.status)) return "desactivado";
  if (!(t.from as readonly string[]).includes(asset.status)) return "estado";
  if (t.requiresUnused && asset.vecesUsado > 0) return "usado";
  return null;
}

export const canAssetTransition = (asset: { status: string; vecesUsado: number }, transition: AssetTransition) =>
  assetTransitionRefusal(asset, transition) === null;

/** The status after `transition` (throws when it is not allowed: check first). */
export function nextAssetStatus(asset: { status: string; vecesUsado: number }, transition: AssetTransition) {
  const refusal = assetTransitionRefusal(asset, transition);
  if (refusal) throw new Error(`asset transition ${transition} refused from ${asset.status}: ${refusal}`);
  return ASSET_TRANSITIONS[transition].to;
}

/** Listed statuses: a deal may start on the asset. */
export const isAssetListedStatus = (status: string) => status === "activo" || status === "disponible";
