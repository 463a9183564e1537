/** Public entry of the assets area. */
export { type AssetDto, toAssetDto } from "./assets.dto.ts";
/** updateAsset also tells the people who keep the asset as a favourite when it changes owner or is withdrawn. */
export { patchAsset, updateAsset } from "./assets.favorites.ts";
/** For identity verification (modules/verification): the same checks of an uploaded image as asset photos. */
export {
  checkImagePixels,
  type DecodedImage,
  decodeImage,
  loadSharp,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
} from "./assets.images.ts";
/** For deals (modules/deals, custody, sales): lock and change an asset inside their transaction. */
/** For moderation (issue 19): hide or show a listing, list the hidden ones, read reported ones. */
export {
  type AssetRow,
  findAssetsBrief,
  foreseeLockAssetOfDeal,
  foreseeLockAssets,
  foreseeLockAssetWith,
  listHiddenAssets,
  lockAsset,
  lockAssetOfDeal,
  lockAssets,
  lockAssetWith,
  setAssetHidden,
} from "./assets.repository.ts";
export { assetsRoutes } from "./assets.routes.ts";
export { ASSET_NOT_FOUND, type AssetsService, createAssetsService } from "./assets.service.ts";

// --- Read for the holder's data rights (profile area, issue 16; ADR 018) ---
import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { assets as assetsTable } from "../../db/schema/index.ts";
import type { AssetRow as Asset } from "./assets.repository.ts";

/** Every asset `userId` owns, deactivated ones included, newest first. */
export function listAssetsOfOwner(exec: Executor, userId: string, limit = 5000): Promise<Asset[]> {
  return exec
    .select()
    .from(assetsTable)
    .where(eq(assetsTable.userId, userId))
    .orderBy(desc(assetsTable.createdAt), desc(assetsTable.id))
    .limit(limit);
}
