import type { Executor } from "../../db/client.ts";
import { notifyFavoriteChange } from "../notifications/index.ts";
import { type AssetRow, type NewAsset, patchAssetRow, updateAsset as updateAssetRow } from "./assets.repository.ts";

/**
 * Changes an asset inside the caller's transaction (deals lock it first) and tells the people who
 * keep it as a favourite when that change matters to them (issue 20): a new owner (a sale, a
 * donation or gift, an exchange) is 'vendido'; a deactivation is 'retirado'. The owner after the
 * change is never told. The notifications are deferred writes (lib/batch.ts): inside a deal's step
 * they travel with the step's one statement.
 */
export async function updateAsset(tx: Executor, id: string, patch: Partial<NewAsset>): Promise<AssetRow> {
  return told(tx, await updateAssetRow(tx, id, patch), patch);
}

/**
 * updateAsset for an asset the caller has locked (a deal's effects): the change is not read back,
 * and inside the deal's step it goes with the step's one statement (lib/batch.ts patchOrDefer).
 */
export async function patchAsset(tx: Executor, locked: AssetRow, patch: Partial<NewAsset>): Promise<AssetRow> {
  return told(tx, await patchAssetRow(tx, locked, patch), patch);
}

async function told(tx: Executor, row: AssetRow, patch: Partial<NewAsset>): Promise<AssetRow> {
  const change = patch.userId !== undefined ? "vendido" : patch.status === "desactivado" ? "retirado" : null;
  if (change) await notifyFavoriteChange(tx, { assetId: row.id, ownerId: row.userId, title: row.title, change });
  return row;
}
