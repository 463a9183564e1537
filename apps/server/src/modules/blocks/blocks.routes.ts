import { BLOCKS_MSG, blocksListResponseSchema, blockToggledResponseSchema, errorResponses } from "@valoriza/domain";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { uuidString } from "../../lib/access.ts";
import { currentUser } from "../../lib/auth.ts";
import type { BlocksService } from "./blocks.service.ts";

const params = z.object({ userId: uuidString(BLOCKS_MSG.invalidId) });
const errors = errorResponses(400, 401, 404);

export const blocksRoutes =
  (blocks: BlocksService, authenticate: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    const security = [{ bearerAuth: [] }];
    const tags = ["Bloqueos"];

    app.get(
      "/bloqueos",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: "Las personas que bloqueé, de la más reciente a la más antigua (solo las mías)",
          security,
          response: { 200: blocksListResponseSchema, ...errorResponses(401) },
        },
      },
      async (req) => {
        const data = await blocks.list(currentUser(req));
        return { success: true as const, data, total: data.length };
      },
    );

    app.post(
      "/bloqueos/:userId",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary:
            "Bloquear a una persona: ninguno de los dos podrá escribir ni hacer operaciones con el otro (se puede repetir)",
          security,
          params,
          response: { 200: blockToggledResponseSchema, ...errors, ...errorResponses(409) },
        },
      },
      async (req) => {
        const data = await blocks.block(currentUser(req), req.params.userId);
        return {
          success: true as const,
          message: data.cambio ? BLOCKS_MSG.blocked : BLOCKS_MSG.alreadyBlocked,
          data,
        };
      },
    );

    app.delete(
      "/bloqueos/:userId",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: "Desbloquear a una persona (se puede repetir)",
          security,
          params,
          response: { 200: blockToggledResponseSchema, ...errors },
        },
      },
      async (req) => {
        const data = await blocks.unblock(currentUser(req), req.params.userId);
        return {
          success: true as const,
          message: data.cambio ? BLOCKS_MSG.unblocked : BLOCKS_MSG.notBlocked,
          data,
        };
      },
    );
  };
