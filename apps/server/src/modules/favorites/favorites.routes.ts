import {
  errorResponses,
  FAVORITES_MSG,
  favoritesListResponseSchema,
  favoriteToggledResponseSchema,
} from "@valoriza/domain";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { uuidString } from "../../lib/access.ts";
import { currentUser } from "../../lib/auth.ts";
import type { FavoritesService } from "./favorites.service.ts";

const params = z.object({ assetId: uuidString(FAVORITES_MSG.invalidId) });
const errors = errorResponses(400, 401, 404);

export const favoritesRoutes =
  (favorites: FavoritesService, authenticate: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    const security = [{ bearerAuth: [] }];
    const tags = ["Favoritos"];

    app.get(
      "/favoritos",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: "Mis favoritos, del más reciente al más antiguo (solo los míos)",
          security,
          response: { 200: favoritesListResponseSchema, ...errorResponses(401) },
        },
      },
      async (req) => {
        const data = await favorites.list(currentUser(req));
        return { success: true as const, data, total: data.length };
      },
    );

    app.post(
      "/favoritos/:assetId",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: "Guardar un activo en mis favoritos (se puede repetir)",
          security,
          params,
          response: { 200: favoriteToggledResponseSchema, ...errors, ...errorResponses(409) },
        },
      },
      async (req) => {
        const data = await favorites.add(currentUser(req), req.params.assetId);
        return {
          success: true as const,
          message: data.cambio ? FAVORITES_MSG.added : FAVORITES_MSG.alreadyAdded,
          data,
        };
      },
    );

    app.delete(
      "/favoritos/:assetId",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: "Quitar un activo de mis favoritos (se puede repetir)",
          security,
          params,
          response: { 200: favoriteToggledResponseSchema, ...errors },
        },
      },
      async (req) => {
        const data = await favorites.remove(currentUser(req), req.params.assetId);
        return {
          success: true as const,
          message: data.cambio ? FAVORITES_MSG.removed : FAVORITES_MSG.alreadyRemoved,
          data,
        };
      },
    );
  };
