/** Public entry of the assets area. */
export { type AssetDto, toAssetDto } from "./assets.dto.ts";
/** For deals (modules/deals, custody, sales): lock and change an asset inside their transaction. */
export { type AssetRow, lockAsset, updateAsset } from "./assets.repository.ts";
export { assetsRoutes } from "./assets.routes.ts";
export { ASSET_NOT_FOUND, type AssetsService, createAssetsService } from "./assets.service.ts";
