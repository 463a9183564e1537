import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { EconomyService } from "./economy.service.ts";

const credits = z.number().int();

const reportSchema = z.object({
  creditosCirculacion: credits.describe("Suma de créditos disponibles y bloqueados de todos los usuarios"),
  creditosEmitidos: credits.describe("Créditos emitidos desde el inicio (menos el saldo de la cuenta de emisión)"),
  creditosDestruidos: credits.describe("Créditos destruidos desde el inicio"),
  metricas: z.object({
    totalUsuarios: z.number().int(),
    totalActivos: z.number().int().describe("Activos que no están desactivados"),
    creditosPromedioUsuario: credits.describe("Créditos en circulación por usuario, redondeado"),
  }),
  ultimaActualizacion: z.string().describe("ISO 8601"),
  equilibrado: z.boolean().describe("true cuando la suma de todos los saldos del libro es 0"),
  sistema: z.object({
    custodia: credits,
    tienda: credits,
    retiros: credits,
    tasaCambio: z.number().int().describe("COP por crédito"),
  }),
  historial: z
    .array(
      z.object({ fecha: z.string().describe("AAAA-MM-DD (hora de Colombia)"), emitidos: credits, destruidos: credits }),
    )
    .describe("Créditos emitidos y destruidos por día, últimos 30 días con actividad, del más antiguo al más reciente"),
});

export const economyRoutes =
  (economy: EconomyService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/economia/reporte",
      {
        schema: {
          tags: ["Economía"],
          summary: "Reporte económico público del sistema de créditos",
          response: { 200: z.object({ success: z.literal(true), data: reportSchema }) },
        },
      },
      async () => ({ success: true as const, data: await economy.report() }),
    );

    app.get(
      "/economia/estado",
      {
        schema: {
          tags: ["Economía"],
          summary: "Tasa de cambio vigente (COP por crédito)",
          response: {
            200: z.object({ success: z.literal(true), tasaCambio: z.number().int(), moneda: z.literal("COP") }),
          },
        },
      },
      async () => ({ success: true as const, ...economy.estado() }),
    );
  };
