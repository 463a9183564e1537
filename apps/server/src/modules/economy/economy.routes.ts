import { economicReportResponseSchema, economyStateResponseSchema } from "@valoriza/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { EconomyService } from "./economy.service.ts";

export const economyRoutes =
  (economy: EconomyService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/economia/reporte",
      {
        schema: {
          tags: ["Economía"],
          summary: "Reporte económico público del sistema de créditos",
          response: { 200: economicReportResponseSchema },
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
          response: { 200: economyStateResponseSchema },
        },
      },
      async () => ({ success: true as const, ...economy.estado() }),
    );
  };
