/**
 * The actions matrix (overview §9): which actions (= main purposes) an asset
 * type allows. Served by GET /api/actions/{type} as
 * `{ success: true, type, availableActions }` and used by the wizard (step 2)
 * and by the server to reject a registration whose purpose is not allowed.
 *
 *                 bienes  tiempo  dinero
 *   vender          yes     yes     no
 *   intercambiar    yes     yes     no
 *   prestar         yes     no      yes
 *   alquilar        yes     yes     no
 *   donar           yes     yes     yes
 *   regalar         yes     yes     yes
 */
import { type AssetType, type MainPurpose, toAssetType, type WizardAssetType } from "./constants.ts";

/** The wizard's actions, in the order the wizard shows them (calls §5/overview §2). */
export const ASSET_ACTIONS = ["vender", "intercambiar", "prestar", "alquilar", "donar", "regalar"] as const;
export type AssetAction = (typeof ASSET_ACTIONS)[number] & MainPurpose;

/**
 * true: allowed; false: not allowed; 'compensacion': the spec says the server
 * may answer it for an action. The current matrix never does, and the wizard
 * enables an action only on `true` (calls §5), so 'compensacion' is not enabled.
 */
export type ActionAvailability = boolean | "compensacion";
export type AvailableActions = Record<AssetAction, ActionAvailability>;

export const ACTIONS_MATRIX: Readonly<Record<AssetType, Readonly<AvailableActions>>> = {
  bien: { vender: true, intercambiar: true, prestar: true, alquilar: true, donar: true, regalar: true },
  tiempo: { vender: true, intercambiar: true, prestar: false, alquilar: true, donar: true, regalar: true },
  dinero: { vender: false, intercambiar: false, prestar: true, alquilar: false, donar: true, regalar: true },
};

/**
 * The actions of an asset type, as a fresh object (safe to mutate).
 * Accepts both vocabularies ("bien"/"bienes"); throws a RangeError on an
 * unknown type (the route validates with toAssetType first and answers 400).
 */
export function availableActions(type: AssetType | WizardAssetType): AvailableActions {
  const assetType = toAssetType(type);
  if (assetType === null) throw new RangeError(`Tipo de activo desconocido: ${String(type)}`);
  return { ...ACTIONS_MATRIX[assetType] };
}

/** True only when the matrix answers exactly `true` for this type and action. */
export function isActionAllowed(type: AssetType | WizardAssetType, action: string): boolean {
  const assetType = toAssetType(type);
  if (assetType === null || !(ASSET_ACTIONS as readonly string[]).includes(action)) return false;
  return ACTIONS_MATRIX[assetType][action as AssetAction] === true;
}

/** Body of GET /api/actions/{type}; `type` echoes the requested path segment. */
export function actionsResponse<T extends AssetType | WizardAssetType>(
  type: T,
): { success: true; type: T; availableActions: AvailableActions } {
  return { success: true, type, availableActions: availableActions(type) };
}
