import { errorResponses, healthResponseSchema } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";

const liveResponseSchema = z.object({ status: z.literal("ok") });

/** How long readiness waits for the database before answering 503. */
const READY_TIMEOUT_MS = 2000;

async function databaseAnswers(db: Db): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), READY_TIMEOUT_MS);
      }),
    ]);
  } catch {
    throw new AppError("SERVICE_UNAVAILABLE", "La base de datos no responde; el servicio no está listo.");
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `startupDone` (server.ts): false while the start-up work that runs after listening (the demo
 * data) is still going; readiness answers 503 meanwhile. Absent: nothing pending.
 */
export const healthRoutes =
  (db: Db, startupDone: () => boolean = () => true): FastifyPluginAsyncZod =>
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
    // Liveness (issue 21): the process answers; no database call, so a slow database does not
    // get a healthy process restarted.
    app.get(
      "/health/live",
      {
        schema: {
          tags: ["Sistema"],
          summary: "El proceso está vivo (no consulta la base de datos)",
          response: { 200: liveResponseSchema },
        },
      },
      async () => ({ status: "ok" as const }),
    );
    // Readiness (issue 21): the start-up work is done (demo data, ADR 019) and the database
    // answers within 2 s; 503 otherwise (a load balancer sends no traffic to this replica meanwhile).
    app.get(
      "/health/ready",
      {
        schema: {
          tags: ["Sistema"],
          summary: "Listo para recibir tráfico: la base de datos responde",
          response: { 200: healthResponseSchema, ...errorResponses(503) },
        },
      },
      async () => {
        if (!startupDone()) {
          throw new AppError("SERVICE_UNAVAILABLE", "El servicio está terminando de iniciar; aún no está listo.");
        }
        await databaseAnswers(db);
        return { status: "ok" as const, database: "ok" as const };
      },
    );
  };
