/**
 * `npm run start:cluster`: N server processes on one PostgreSQL (ADR 012).
 *
 * The primary checks the configuration, applies the migrations once, then
 * forks CLUSTER_WORKERS processes (default: one per core) that each run
 * server.ts and share the port (node:cluster hands out connections). Nothing
 * shared lives in one process's memory: sessions are revoked through
 * LISTEN/NOTIFY, throttles, idempotency keys and deal timers are tables, live
 * events travel on NOTIFY. A worker that dies is replaced; SIGINT/SIGTERM stop
 * all of them.
 *
 * PGlite is one process's embedded database: without DATABASE_URL this
 * refuses to start, with a message saying what to do.
 */
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

async function primary(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
  if (!config.databaseUrl) {
    fail(
      "start:cluster necesita PostgreSQL: define DATABASE_URL (por ejemplo postgres://usuario@localhost:5432/valoriza). " +
        "PGlite es una base de datos dentro de un solo proceso; para un solo proceso usa `npm start`.",
    );
  }
  const raw = process.env.CLUSTER_WORKERS;
  const workers = raw === undefined || raw === "" ? availableParallelism() : Number(raw);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
    fail(`CLUSTER_WORKERS debe ser un número entero entre 1 y 64 (recibido: ${raw})`);
  }

  // Migrations once, before any worker starts (each worker then finds nothing to apply).
  try {
    const db = await openDatabase({ url: config.databaseUrl, poolSize: 1 });
    try {
      await db.migrate();
    } finally {
      await db.close();
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException)?.code;
    if (code === "ECONNREFUSED") fail(`No se pudo conectar a la base de datos (DATABASE_URL): ${(e as Error).message}`);
    throw e;
  }

  // Every worker signs and checks tokens with the same secret; only the first seeds demo data.
  const env = (i: number) => ({
    JWT_SECRET: config.jwtSecret,
    SEED_DEMO: i === 0 && config.seedDemo ? "true" : "false",
    VALORIZA_WORKER: String(i + 1),
  });
  cluster.setupPrimary({ exec: path.join(here, "server.ts") });
  let stopping = false;
  const slots = new Map<number, number>();
  const fork = (i: number) => {
    const w = cluster.fork(env(i));
    slots.set(w.id, i);
  };
  for (let i = 0; i < workers; i++) fork(i);
  cluster.on("exit", (w, code, signal) => {
    const i = slots.get(w.id) ?? 0;
    slots.delete(w.id);
    if (stopping) return;
    console.error(`Proceso ${i + 1} (pid ${w.process.pid}) terminó (${signal ?? code}); se reinicia`);
    setTimeout(() => fork(i), 1000).unref();
  });
  console.log(`Valoriza: ${workers} procesos sobre una base PostgreSQL, puerto ${config.port}`);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    const deadline = setTimeout(() => process.exit(0), 10_000);
    deadline.unref();
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(check);
        process.exit(0);
      }
    }, 100);
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

if (cluster.isPrimary) {
  primary().catch((e: unknown) => fail(`Error al iniciar el clúster: ${(e as Error)?.stack ?? String(e)}`));
}
