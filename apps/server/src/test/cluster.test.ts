/**
 * Three server processes on one PostgreSQL (ADR 012, issue 7): `src/cluster.ts`
 * with CLUSTER_WORKERS=3 on a fresh database; every request below opens its own
 * connection, so node:cluster spreads them over the three processes. The same
 * races as custody.concurrency.test.ts (through the same kit), idempotent
 * retries landing on different processes, credit registrations from many
 * clients, and a password change ending the old token in every process; the
 * ledger invariants hold at the end. PostgreSQL only (TEST_DATABASE_URL):
 * PGlite cannot be shared by processes, which the last test checks.
 */
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { kit, quietPool } from "../modules/custody/custody.testkit.ts";
import { checkInvariants } from "../modules/ledger/index.ts";
import { freshDatabase, json, signUp, type TestContext, type TestUser } from "./harness.ts";

const url = process.env.TEST_DATABASE_URL;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WORKERS = 3;

interface InjectOptions {
  method?: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** app.inject's shape over real HTTP, one new connection per request (no keep-alive). */
function httpInject(port: number) {
  return (opts: InjectOptions) =>
    new Promise<{
      statusCode: number;
      body: string;
      headers: http.IncomingHttpHeaders;
      json: () => unknown;
    }>((resolve, reject) => {
      const body = opts.payload === undefined ? undefined : JSON.stringify(opts.payload);
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: opts.method ?? "GET",
          path: opts.url,
          agent: false,
          headers: { ...(body ? { "content-type": "application/json" } : {}), ...(opts.headers ?? {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({
              statusCode: res.statusCode ?? 0,
              body: text,
              headers: res.headers,
              json: () => JSON.parse(text),
            });
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
}

function startCluster(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let out = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/cluster.ts"], {
    cwd: serverDir,
    // Every sign-up comes from 127.0.0.1: the per-address limit (REGISTROS_POR_IP_HORA) is raised here.
    env: { ...process.env, LOG_LEVEL: "warn", SEED_DEMO: "false", REGISTROS_POR_IP_HORA: "100000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    out += String(d);
  });
  return { child, output: () => out };
}

describe.skipIf(!url)("three processes on one PostgreSQL", () => {
  let db: { database: Database; drop(): Promise<void> };
  let cluster: ReturnType<typeof startCluster>;
  let t: TestContext;
  const port = 40_000 + (process.pid % 20_000);

  beforeAll(async () => {
    db = await freshDatabase();
    quietPool(db.database);
    const dbUrl = (db.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
      .connectionString;
    cluster = startCluster({
      DATABASE_URL: dbUrl,
      CLUSTER_WORKERS: String(WORKERS),
      PORT: String(port),
      HOST: "127.0.0.1",
      JWT_SECRET: "cluster-test-secret-cluster-test-secret-0123",
      DATA_DIR: `/tmp/valoriza-cluster-${process.pid}`,
      DB_POOL_SIZE: "8",
      ADMIN_EMAILS: "admin.cluster@valoriza.test",
    });
    const inject = httpInject(port);
    // Ready when every process answers: distinct pids seen through /api/health would need a
    // header; instead wait until the port answers, then give the others a moment.
    const t0 = Date.now();
    for (;;) {
      if (Date.now() - t0 > 120_000) throw new Error(`cluster did not start:\n${cluster.output()}`);
      try {
        if ((await inject({ url: "/api/health" })).statusCode === 200) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 300));
    }
    // All workers listening: the primary logs nothing per worker, so poll pg_stat_activity for 3 LISTEN sessions.
    for (;;) {
      if (Date.now() - t0 > 120_000) throw new Error(`not all processes started:\n${cluster.output()}`);
      const r = await db.database.rawQuery(
        "select count(distinct client_port)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN valoriza_sesiones%'",
      );
      if (((r[0] as { n: number }).n ?? 0) >= WORKERS) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    t = {
      app: { inject } as unknown as FastifyInstance,
      database: db.database,
      clock: undefined as never,
      close: async () => {},
    };
  }, 180_000);

  afterAll(async () => {
    if (cluster?.child.exitCode === null) {
      cluster.child.kill("SIGTERM");
      await new Promise((r) => cluster.child.once("exit", r));
    }
    await db?.drop();
  }, 60_000);

  const k = kit(() => t);

  async function expectBalanced() {
    const inv = await k.invariants();
    expect(inv.problems).toEqual([]);
    expect(inv.escrowMatches, JSON.stringify(inv.escrow)).toBe(true);
  }

  it("20 buyers race for one asset across the processes: one custody, one payment", async () => {
    const [seller] = (await k.users(1)) as [TestUser];
    const asset = await k.listFor(seller);
    const buyers = (await k.users(20)) as TestUser[];
    for (const b of buyers) await k.fund(b, 2000);
    const results = await Promise.all(buyers.map((b) => k.buy(b, asset._id, seller.id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await k.custodies(seller)).toHaveLength(1);
    await expectBalanced();
  }, 120_000);

  it("parallel confirmations of one code confirm once; confirm racing cancel ends in one of them", async () => {
    const [seller, buyer] = (await k.users(2)) as [TestUser, TestUser];
    await k.fund(buyer, 4000);
    const asset = await k.listFor(seller);
    const c = json(await k.buy(buyer, asset._id, seller.id)).custodia;
    const code = await k.codeOf(seller, c._id);
    const results = await Promise.all(Array.from({ length: 10 }, () => k.confirm(buyer, code)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);

    const asset2 = await k.listFor(seller, { title: "Otra cámara" });
    const c2 = json(await k.buy(buyer, asset2._id, seller.id)).custodia;
    const code2 = await k.codeOf(seller, c2._id);
    const [conf, canc] = await Promise.all([k.confirm(buyer, code2), k.cancel(seller, c2._id)]);
    expect([conf.statusCode, canc.statusCode].sort()).toEqual([200, 409]);
    await expectBalanced();
  }, 120_000);

  it("the same Idempotency-Key sent to several processes at once moves credits once", async () => {
    const [u] = (await k.users(1)) as [TestUser];
    const payload = { monto: 50_000, tipo: "donacion", descripcion: "Aporte repetido" };
    const results = await Promise.all(
      Array.from({ length: 9 }, () => k.req("POST", u, "/api/dinero/registrar", payload, "clave-cluster-1")),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => json(r).data._id)).size).toBe(1);
    expect(results.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(8);
    expect(await k.balance(u)).toEqual({ disponibles: 0, bloqueados: 50 });
    await expectBalanced();
  }, 120_000);

  it("many clients register credits at once on every process; the ledger balances", async () => {
    const users = (await k.users(12)) as TestUser[];
    const per = 5;
    const results = await Promise.all(
      users.flatMap((u) =>
        Array.from({ length: per }, () =>
          k.req("POST", u, "/api/dinero/registrar", { monto: 10_000, tipo: "donacion", descripcion: "Carga" }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
    for (const u of users) expect(await k.balance(u)).toEqual({ disponibles: 0, bloqueados: 10 * per });
    const inv = await checkInvariants(db.database.db);
    expect(inv.problems).toEqual([]);
    expect(inv.sumIsZero && inv.noNegative && inv.balancesMatchTransfers && inv.holdsMatchBloqueado).toBe(true);
  }, 120_000);

  it("a password change ends the old token in every process within seconds", async () => {
    const [u] = (await k.users(1)) as [TestUser];
    // Every process has seen (and cached) the token.
    for (let i = 0; i < 9; i++) expect((await k.req("GET", u, "/api/profile")).statusCode).toBe(200);
    const changed = await k.req("PUT", u, "/api/profile/password", {
      currentPassword: u.password,
      newPassword: "nuevaClave9",
    });
    expect(changed.statusCode).toBe(200);
    const fresh = { ...u, auth: { authorization: `Bearer ${json(changed).data.token}` } };
    const t0 = Date.now();
    let streak = 0;
    // Nine refusals in a row: every process refuses it (connections rotate over the three).
    while (streak < 9) {
      if (Date.now() - t0 > 3000) throw new Error("an old token still worked 3 s after the password change");
      streak = (await k.req("GET", u, "/api/profile")).statusCode === 401 ? streak + 1 : 0;
    }
    for (let i = 0; i < 6; i++) expect((await k.req("GET", fresh, "/api/profile")).statusCode).toBe(200);
  }, 60_000);

  it("a suspension ends the person's session in every process within seconds; sign-in answers 403 (issue 19)", async () => {
    const admin = await signUp(t.app, { email: "admin.cluster@valoriza.test" });
    const [u] = (await k.users(1)) as [TestUser];
    for (let i = 0; i < 9; i++) expect((await k.req("GET", u, "/api/profile")).statusCode).toBe(200);
    const r = await k.req("POST", admin, `/api/admin/usuarios/${u.id}/suspender`, { motivo: "Fraude comprobado" });
    expect(r.statusCode, r.body).toBe(200);
    const t0 = Date.now();
    let streak = 0;
    while (streak < 9) {
      if (Date.now() - t0 > 3000) throw new Error("a suspended person's session still worked 3 s after the suspension");
      streak = (await k.req("GET", u, "/api/profile")).statusCode === 401 ? streak + 1 : 0;
    }
    const login = await k.req("POST", null, "/api/users/login", { email: u.email, password: u.password });
    expect(login.statusCode).toBe(403);
    expect(json(login).message).toContain("suspendida");
  }, 60_000);
});

describe("start:cluster on PGlite", () => {
  it("refuses to start, saying that it needs DATABASE_URL", async () => {
    const c = startCluster({ DATABASE_URL: "", DATA_DIR: `/tmp/valoriza-cluster-pglite-${process.pid}` });
    const code = await new Promise<number | null>((r) => c.child.once("exit", r));
    expect(code).toBe(1);
    expect(c.output()).toContain("start:cluster necesita PostgreSQL: define DATABASE_URL");
  }, 60_000);
});
