import { errorResponses, healthResponseSchema } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";

export const healthRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/health",
      {
        schema: {
          tags: ["Sistema"],
          summary: "Estado del servicio",
          response: { 200: healthResponseSchema, ...errorResponses(500) },
        },
      },
      async () => {
        await db.execute(sql`select 1`);
        return { status: "ok" as const, database: "ok" as const };
      },
    );
  };
