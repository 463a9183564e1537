import { FAVORITES_MAX, FAVORITES_MSG, type FavoriteDto } from "@valoriza/domain";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { ASSET_NOT_FOUND, toAssetDto } from "../assets/index.ts";
import { addFavorite, findAssetBrief, isFavorite, listFavorites, removeFavorite } from "./favorites.repository.ts";

export interface Toggled {
  assetId: string;
  favorito: boolean;
  cambio: boolean;
}

/**
 * Favourites (issue 20): a person keeps assets they may want; only their own list is ever read or
 * changed (the person comes from the session, never from the request). Adding and removing are
 * idempotent. An asset that does not exist, or that its owner withdrew (deactivated), is 404 to add,
 * like its page; it can still be removed. One's own asset cannot be a favourite.
 */
export function createFavoritesService({ db }: Pick<AppDeps, "db">) {
  return {
    async add(user: AuthUser, assetId: string): Promise<Toggled> {
      const a = await findAssetBrief(db, assetId);
      // Hidden by moderation (issue 19): unknown to anyone but its owner, like its page.
      if (!a || a.status === "desactivado" || a.moderated) throw notFound(ASSET_NOT_FOUND);
      if (a.userId === user.id) throw conflict(FAVORITES_MSG.ownAsset);
      if (await addFavorite(db, user.id, assetId, FAVORITES_MAX)) return { assetId, favorito: true, cambio: true };
      // Not added: it was there already, or the list is full.
      if (await isFavorite(db, user.id, assetId)) return { assetId, favorito: true, cambio: false };
      throw conflict(FAVORITES_MSG.tooMany);
    },

    async remove(user: AuthUser, assetId: string): Promise<Toggled> {
      const removed = await removeFavorite(db, user.id, assetId);
      if (!removed && !(await findAssetBrief(db, assetId))) throw notFound(ASSET_NOT_FOUND);
      return { assetId, favorito: false, cambio: removed };
    },

    async list(user: AuthUser): Promise<FavoriteDto[]> {
      const rows = await listFavorites(db, user.id);
      return rows.map(({ asset, owner, moderated, createdAt }) => {
        const withdrawn = asset.status === "desactivado";
        const listed = !withdrawn && !moderated && asset.privacy === "publico" && asset.userId !== user.id;
        return {
          _id: asset.id,
          title: asset.title,
          disponible: listed,
          motivo: withdrawn ? FAVORITES_MSG.withdrawn : listed ? null : FAVORITES_MSG.notListed,
          // A withdrawn asset, or one hidden by moderation, is hidden like its page (404): only its title stays.
          asset: withdrawn || moderated ? null : toAssetDto(asset, owner),
          createdAt: createdAt.toISOString(),
        };
      });
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
