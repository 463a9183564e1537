import { errorResponseSchema, idSchema } from "@valoriza/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { findUserById } from "../users/index.ts";
import { computeReputation } from "./reputation.service.ts";

const part = z.object({ cantidad: z.number(), peso: z.number(), puntos: z.number() });

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
            200: z.object({
              success: z.literal(true),
              data: z.object({
                userId: z.string(),
                reputacion: z.number(),
                partes: z.object({
                  prestamosDevueltos: part,
                  entregasCompletadas: part,
                  prestamosVencidos: part,
                  cancelaciones: part,
                }),
              }),
            }),
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
