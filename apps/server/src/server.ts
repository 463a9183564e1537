import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyServerOptions } from "fastify";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError, lockDataDir } from "./db/lock.ts";
import { copyPgliteTemplateDir, pgliteTemplateDir } from "./db/template.ts";
import { TokenService } from "./lib/auth.ts";
import { systemClock } from "./lib/clock.ts";
import { mapStacksLazily } from "./lib/stack-maps.ts";
import { startTimerRunner } from "./modules/deals/index.ts";
import { startMailWorker } from "./modules/mail/index.ts";
import { startPushWorker } from "./modules/push/index.ts";
import { grantAdmins } from "./modules/users/index.ts";
import { seedDemo } from "./seed/demo.ts";

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");
const SERVER_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");

/**
 * Logs (issue 21): readable lines (pino-pretty) when a person watches a terminal outside
 * production; one JSON object per line otherwise (production, containers, files, pipes).
 */
function loggerOptions(level: string): FastifyServerOptions["logger"] {
  if (process.stdout.isTTY && process.env.NODE_ENV !== "production" && level !== "silent") {
    return {
      level,
      transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } },
    };
  }
  return { level };
}

/** How long after listening (and the demo data) the timers, mail and push workers start. */
const WORKERS_START_DELAY_MS = 1000;

/** How long after listening the demo data of a new data folder starts (issue 21). */
const SEED_START_DELAY_MS = 100;

/** Milliseconds since the process started, for the start-up line (issue 21: where the time goes). */
const sinceStart = () => Math.round(performance.now());

async function main(): Promise<void> {
  // Stacks of the built server name the TypeScript sources; its map is read on the first stack written.
  mapStacksLazily();
  const phases: Record<string, number> = { modulos: sinceStart() };
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    // A new PGlite data folder starts as a copy of the migrated template folder made by the build
    // (no initdb, no migrations); without one (a source checkout never built), PGlite runs initdb.
    let mark = sinceStart();
    const phase = (name: string) => {
      const now = sinceStart();
      phases[name] = now - mark;
      mark = now;
    };
    if (!config.databaseUrl && copyPgliteTemplateDir(pgliteTemplateDir(SERVER_DIST), config.dataDir)) {
      phase("plantilla");
    }
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
    phase("base_de_datos");
    await database.migrate();
    phase("migraciones");
    const appConfig = { ...config, webDist: config.webDist ?? DEFAULT_WEB_DIST };
    // Start-up work that runs after listening (the demo data): until it is done GET /api/health/ready
    // answers 503, while /api/health and every route already answer (ADR 019).
    let startupDone = false;
    const app = await buildApp({
      db: database.db,
      clock: systemClock,
      config: appConfig,
      logger: loggerOptions(config.logLevel),
      requestTimeoutMs: Number(process.env.REQUEST_TIMEOUT_MS) || 60_000,
      // Public shared reads (feed, economy) kept a few seconds per process (ADR 012).
      publicCacheMs: Number(process.env.PUBLIC_CACHE_MS ?? 2000),
      startupDone: () => startupDone,
    });
    phase("app");
    // One statement: before listening, so an administrator's first request already sees the role.
    const granted = await grantAdmins(database.db, config.adminEmails);
    if (granted) app.log.info({ granted }, "ADMIN_EMAILS aplicados");

    let workers: { stop(): Promise<void> }[] = [];
    let cancelWorkersStart = () => {};
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, "cerrando");
      cancelWorkersStart();
      try {
        for (const w of workers) await w.stop();
        await app.close();
        await database?.close();
      } finally {
        release();
        process.exit(0);
      }
    };
    process.once("SIGINT", () => void shutdown("SIGINT"));
    process.once("SIGTERM", () => void shutdown("SIGTERM"));

    // Listening first (issue 21): a new data folder's demo data (~0.5 s) no longer delays the
    // first answer. A request meanwhile is served normally (the seed only runs on an empty database).
    await app.listen({ port: config.port, host: config.host });
    phase("escucha");
    // Where the start's time went, in ms (module loading, template copy, database, migrations...).
    app.log.info({ arranque: phases, listoMs: sinceStart() }, "arranque");
    app.log.info(
      `Valoriza escuchando en http://localhost:${config.port} (base de datos: ${database.kind === "pglite" ? `PGlite en ${config.dataDir}` : "PostgreSQL"})`,
    );

    try {
      if (config.seedDemo) {
        // A moment for the requests already waiting (a browser, a health check) to be answered
        // before the demo data's work shares this thread and the database with them.
        await new Promise((r) => setTimeout(r, SEED_START_DELAY_MS));
        const tokens = new TokenService(config.jwtSecret, systemClock, 60);
        await seedDemo({ db: database.db, clock: systemClock, config: appConfig, tokens }, app.log);
      }
    } catch (e) {
      // As before listening came first: a start whose demo data fails is a failed start.
      closing = true;
      await app.close().catch(() => {});
      throw e;
    }
    if (closing) return;

    // The background workers start a moment after the first answers (issue 21): on a restart they
    // catch up on what came due meanwhile, and on PGlite (one connection) their first passes would
    // queue the first requests behind them.
    const db = database.db;
    const startWorkers = () => {
      if (closing) return;
      // Deal timers (expiries): fired once across restarts and processes (ADR 006).
      const timers = startTimerRunner(app.deals, db, systemClock, {
        intervalMs: 5000,
        onError: (e) => app.log.error({ err: e }, "temporizadores de operaciones"),
      });
      // Mail outbox (issue 16, ADR 017): SMTP_URL, or .eml files under DATA_DIR/correo/; sent once across processes.
      const mail = startMailWorker({ db, clock: systemClock, config: appConfig }, { log: app.log });
      // Push and mail notifications (issue 20, ADR 022): every notification's pushes, mail or digest.
      const push = startPushWorker({ db, clock: systemClock, config: appConfig }, { log: app.log });
      // Stopped in this order on shutdown, as before: timers, push, mail.
      workers = [timers, push, mail];
    };
    const workersTimer = setTimeout(startWorkers, WORKERS_START_DELAY_MS);
    workersTimer.unref();
    cancelWorkersStart = () => clearTimeout(workersTimer);
    startupDone = true;
    // The launcher (dist/server.mjs) keeps V8's code cache of what this start compiled (ADR 019).
    (process as NodeJS.EventEmitter).emit("valoriza:started");
  } catch (e) {
    await database?.close().catch(() => {});
    release();
    throw e;
  }
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof DataDirLockedError) {
    console.error(`\n✖ ${e.message}\n`);
  } else if ((e as NodeJS.ErrnoException)?.code === "EADDRINUSE") {
    console.error(`\n✖ El puerto ya está en uso: ${(e as Error).message}. Usa otra variable PORT.\n`);
  } else if ((e as NodeJS.ErrnoException)?.code === "ECONNREFUSED") {
    console.error(`\n✖ No se pudo conectar a la base de datos (DATABASE_URL): ${(e as Error).message}\n`);
  } else {
    console.error("\n✖ Error al iniciar Valoriza:", e);
  }
  process.exit(1);
});
