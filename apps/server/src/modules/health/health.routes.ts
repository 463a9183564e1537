import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
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
          response: { 200: z.object({ status: z.literal("ok"), database: z.literal("ok") }) },
        },
      },
      async () => {
        await db.execute(sql`select 1`);
        return { status: "ok" as const, database: "ok" as const };
      },
    );
  };
