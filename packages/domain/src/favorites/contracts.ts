import { z } from "zod";
import { assetSchema } from "../assets/contracts.ts";

/**
 * Favourites (issue 20): POST/DELETE /api/favoritos/{assetId} and GET /api/favoritos. Only the
 * signed-in person's own favourites are ever read or changed.
 */

/** Most assets one person can keep as favourites. */
export const FAVORITES_MAX = 500;

export const FAVORITES_MSG = {
  added: "Guardado en favoritos",
  alreadyAdded: "Ya estaba en tus favoritos",
  removed: "Quitado de favoritos",
  alreadyRemoved: "No estaba en tus favoritos",
  ownAsset: "No puedes guardar en favoritos tu propio activo",
  tooMany: `Puedes guardar hasta ${FAVORITES_MAX} favoritos. Quita alguno para guardar otro.`,
  invalidId: "El identificador del activo no es válido",
  /** Why a favourite cannot be used any more (the list's `motivo`). */
  withdrawn: "Su dueño lo retiró",
  notListed: "Ya no está publicado",
} as const;

/** POST and DELETE /api/favoritos/{assetId} */
export const favoriteToggledResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    assetId: z.string(),
    favorito: z.boolean().describe("true después de POST, false después de DELETE"),
    cambio: z.boolean().describe("false cuando ya estaba así (la llamada se puede repetir)"),
  }),
});
export type FavoriteToggledResponse = z.infer<typeof favoriteToggledResponseSchema>;

/** One favourite: the asset while it can be seen; a withdrawn one keeps only its title. */
export const favoriteSchema = z.object({
  _id: z.string().describe("Id del activo"),
  title: z.string(),
  disponible: z.boolean().describe("Publicado y de otra persona: se puede operar"),
  motivo: z.string().nullable().describe("Por qué ya no está disponible"),
  asset: assetSchema.nullable().describe("null si su dueño lo retiró (desactivado)"),
  createdAt: z.string().describe("Cuándo se guardó (ISO 8601)"),
});
export type FavoriteDto = z.infer<typeof favoriteSchema>;

/** GET /api/favoritos: every favourite of the caller, the newest first. */
export const favoritesListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(favoriteSchema),
  total: z.number().int(),
});
export type FavoritesListResponse = z.infer<typeof favoritesListResponseSchema>;
