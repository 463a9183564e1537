import {
  CSV_FORMAT_MSG,
  CSV_FORMATS,
  errorResponses,
  movimientosResponseSchema,
  transaccionesResponseSchema,
} from "@valoriza/domain";
import type { FastifyReply, preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { userIdParams } from "../../lib/access.ts";
import { currentUser } from "../../lib/auth.ts";
import type { ActivityService } from "./activity.service.ts";

const errors = errorResponses(400, 401);

/** `?formato=csv`: the whole history as a CSV file to download (issue 20); JSON otherwise. */
const formatQuery = z.object({
  formato: z
    .enum(CSV_FORMATS, { error: CSV_FORMAT_MSG })
    .optional()
    .describe("csv: el historial completo como archivo CSV (UTF-8 con BOM, separado por ';', fechas dd/mm/aaaa)"),
});
const CSV_NOTE =
  " Con formato=csv responde text/csv; charset=utf-8 (adjunto) con todo el historial, para abrir en una hoja de cálculo.";

/** Sends a CSV download: never cached (it is someone's history), a file name for the browser to save. */
function sendCsv(reply: FastifyReply, file: { fileName: string; csv: string }) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "private, no-store")
    .send(file.csv);
}

export const activityRoutes =
  (activity: ActivityService, authenticate: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    const security = [{ bearerAuth: [] }];

    app.get(
      "/transacciones/mis-transacciones/all",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Actividad"],
          summary: "Mis transacciones, de la más reciente a la más antigua (máximo 200)",
          description: CSV_NOTE,
          security,
          querystring: formatQuery,
          response: { 200: transaccionesResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        const userId = currentUser(req).id;
        if (req.query.formato === "csv") return sendCsv(reply, await activity.myTransactionsCsv(userId));
        return { success: true as const, data: await activity.myTransactions(userId) };
      },
    );

    app.get(
      "/movimientos/mis-movimientos/all",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Actividad"],
          summary: "Mis movimientos, del más reciente al más antiguo (máximo 200)",
          description: CSV_NOTE,
          security,
          querystring: formatQuery,
          response: { 200: movimientosResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        const userId = currentUser(req).id;
        if (req.query.formato === "csv") return sendCsv(reply, await activity.myMovementsCsv(userId));
        return { success: true as const, data: await activity.myMovements(userId) };
      },
    );

    app.get(
      "/movimientos/:userId",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Actividad"],
          summary: "Movimientos de un usuario (solo los propios; un administrador puede ver los de otros)",
          security,
          params: userIdParams,
          response: { 200: movimientosResponseSchema, ...errors, ...errorResponses(403, 404) },
        },
      },
      async (req) => ({
        success: true as const,
        data: await activity.movementsOf(currentUser(req), req.params.userId),
      }),
    );
  };
