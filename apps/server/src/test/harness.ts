import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { buildApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import {
  cloneFromPgTemplate,
  ensurePgliteTemplate,
  ensurePgTemplate,
  pgliteTemplateFile,
  pgTemplateName,
  readPgliteTemplate,
} from "../db/template.ts";
import { type Clock, ManualClock } from "../lib/clock.ts";
import type { AppConfig } from "../lib/deps.ts";

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  close(): Promise<void>;
}

let counter = 0;

// The migrated template of this run (src/test/global-setup.ts makes it once; made here when a file
// runs without it, e.g. another config). The Blob is read once per worker process.
let pgliteTemplate: Promise<Blob | undefined> | undefined;
function pgliteTemplateBlob(): Promise<Blob | undefined> {
  pgliteTemplate ??= (async () => {
    const file = process.env.VALORIZA_TEST_PGLITE_TEMPLATE;
    const wanted = pgliteTemplateFile();
    // A migration changed since the run began: the hash names another file; make it.
    return readPgliteTemplate(file === wanted ? file : await ensurePgliteTemplate(wanted));
  })();
  return pgliteTemplate;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite loaded from the migrated template,
 * or a new database on the PostgreSQL server of TEST_DATABASE_URL cloned from the template database
 * (dropped afterwards).
 */
export async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = await pgliteTemplateBlob();
    const database = await openDatabase({ template });
    if (!template) await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `vz_test_${process.pid}_${Date.now()}_${counter++}`;
  const wanted = pgTemplateName();
  const template = process.env.VALORIZA_TEST_PG_TEMPLATE === wanted ? wanted : await ensurePgTemplate(url);
  const database = await openDatabase({ url: await cloneFromPgTemplate(url, template, name), poolSize: 20 });
  return {
    database,
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}

/** The URL a PostgreSQL database was opened with; undefined on PGlite. */
export function databaseUrl(database: Database): string | undefined {
  return (database.db as unknown as { $client: { options?: { connectionString?: string } } }).$client.options
    ?.connectionString;
}

/**
 * Two apps on one fresh PostgreSQL database, each with its own connection pool and per-process state
 * (session cache, LISTEN connection, live-events flusher), as two processes of `start:cluster` have:
 * `a` on the harness's pool, `b` on a second one of `poolSize` connections. PostgreSQL only
 * (TEST_DATABASE_URL): PGlite cannot be shared.
 */
export async function twoProcesses(opts: {
  clock: Clock;
  poolSize: number;
  config: AppConfig;
}): Promise<{ a: FastifyInstance; b: FastifyInstance; database: Database; close(): Promise<void> }> {
  const fresh = await freshDatabase();
  const url = databaseUrl(fresh.database);
  if (!url) {
    await fresh.drop();
    throw new Error("twoProcesses: PostgreSQL only (TEST_DATABASE_URL)");
  }
  const second = await openDatabase({ url, poolSize: opts.poolSize });
  const a = await buildApp({ db: fresh.database.db, clock: opts.clock, config: opts.config });
  const b = await buildApp({ db: second.db, clock: opts.clock, config: opts.config });
  await Promise.all([a.ready(), b.ready()]);
  return {
    a,
    b,
    database: fresh.database,
    async close() {
      await a.close();
      await b.close();
      await second.close();
      await fresh.drop();
    },
  };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestContext> {
  const { database, drop } = await freshDatabase();
  const clock = new ManualClock(new Date());
  const app = await buildApp({
    db: database.db,
    clock,
    // TEST_LOG=1 shows server errors while debugging a test.
    logger: process.env.TEST_LOG ? { level: "error" } : false,
    config: {
      jwtSecret: "test-secret-test-secret-test-secret-0123456789",
      adminEmails: ["admin@valoriza.test"],
      dataDir: `/tmp/valoriza-test-${process.pid}-${counter++}`,
      webDist: undefined,
      ...overrides,
    },
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}

let emailSeq = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}.${Date.now()}.${emailSeq++}@valoriza.test`;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  auth: { authorization: string };
}

export async function signUp(
  app: FastifyInstance,
  over: Partial<{ name: string; apellido: string; email: string; password: string }> = {},
): Promise<TestUser> {
  const body = { name: "Laura", apellido: "Ríos", email: uniqueEmail(), password: "secreta123", ...over };
  const res = await app.inject({ method: "POST", url: "/api/users/register", payload: body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data;
  return {
    id: data._id,
    email: data.email,
    password: body.password,
    token: data.token,
    auth: { authorization: `Bearer ${data.token}` },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response JSON and assert on it.
export const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
