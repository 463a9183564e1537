import { favoritesListResponseSchema } from "@valoriza/domain";
import { assetFromContract, parseAnswer } from "./contracts.ts";
import type { Favorite } from "./favorites.ts";

/**
 * GET /api/favoritos parsed with its contract, in the web's shape. Its own module, imported with the
 * first answer, so the heart's chunk carries no zod.
 */
export const parseFavorites = (body: unknown): Favorite[] =>
  parseAnswer(favoritesListResponseSchema, body).data.map(({ _id, asset, ...f }) => ({
    ...f,
    id: _id,
    asset: asset ? assetFromContract(asset) : null,
  }));
