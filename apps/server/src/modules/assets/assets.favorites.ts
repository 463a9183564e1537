import type { Executor } from "../../db/client.ts";
import { notifyFavoriteChange } from "../notifications/index.ts";
import { type AssetRow, type NewAsset, updateAsset as updateAssetRow } from "./assets.repository.ts";

/**
 * Changes an asset inside the caller's transaction (deals lock it first) and tells the people who
 * keep it as a favourite when that change matters to them (issue 20): a new owner (a sale, a
 * donation or gift, an exchange) is 'vendido'; a deactivation is 'retirado'. The owner after the
 * change is never told. The notifications are deferred writes (lib/batch.ts): inside a deal's step
 * they travel with the step's one statement.
 */
export async function updateAsset(tx: Executor, id: string, patch: Partial<NewAsset>): Promise<AssetRow> {
  const row = await updateAssetRow(tx, id, patch);
  const change = patch.userId !== undefined ? "vendido" : patch.status === "desactivado" ? "retirado" : null;
  if (change) await notifyFavoriteChange(tx, { assetId: row.id, ownerId: row.userId, title: row.title, change });
  return row;
}
