import { errorResponseSchema, idSchema, reputationResponseSchema } from "@valoriza/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { findUserById } from "../users/index.ts";
import { computeReputation } from "./reputation.service.ts";

/** GET /reputation/{id}: public (the owner card shows it), the figure and its parts. */
export const reputationRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/reputation/:id",
      {
        schema: {
          tags: ["Usuarios"],
          summary: "Reputación de un usuario: la cifra y sus partes, derivadas del historial de operaciones",
          params: z.object({ id: idSchema("usuario") }),
          response: {
            200: reputationResponseSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (req) => {
        const id = req.params.id.toLowerCase();
        if (!(await findUserById(db, id))) throw notFound("Usuario no encontrado");
        return { success: true as const, data: await computeReputation(db, id) };
      },
    );
  };
