import { analyticsOverviewResponseSchema } from "@valoriza/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { overview } from "./analytics.service.ts";

/** GET /analytics/overview (no login): the figures /status shows. */
export const analyticsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/analytics/overview",
      {
        schema: {
          tags: ["Economía"],
          summary: "Cifras públicas: usuarios, usuarios activos, activos disponibles y operaciones",
          response: { 200: analyticsOverviewResponseSchema },
        },
      },
      async () => ({ success: true as const, ...(await overview(db)) }),
    );
  };
