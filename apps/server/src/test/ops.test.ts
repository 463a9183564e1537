/**
 * Operations (issue 21, ADR 019): liveness and readiness, /metrics in Prometheus' format, the
 * client address behind a proxy (TRUST_PROXY) and the slow-body time-out.
 */
import { connect } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { ManualClock } from "../lib/clock.ts";
import { kit, PRICE } from "../modules/custody/custody.testkit.ts";
import { createTestApp, freshDatabase, type TestContext } from "./harness.ts";

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("health", () => {
  it("live answers without the database, ready when the database answers, /api/health is kept", async () => {
    const live = await t.app.inject({ url: "/api/health/live" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ok", database: "ok" });
    expect((await t.app.inject({ url: "/api/health" })).json()).toEqual({ status: "ok", database: "ok" });
  });

  it("ready answers 503 with the error envelope when the database is gone; live stays 200", async () => {
    const { database, drop } = await freshDatabase();
    const app = await buildApp({
      db: database.db,
      clock: new ManualClock(new Date()),
      config: { jwtSecret: "test-secret-test-secret-test-secret-0123456789", adminEmails: [], dataDir: "/tmp/vz-ops" },
    });
    await app.ready();
    await drop(); // the database closes under the running app
    try {
      const ready = await app.inject({ url: "/api/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        success: false,
        code: "SERVICE_UNAVAILABLE",
        message: "La base de datos no responde; el servicio no está listo.",
      });
      expect((await app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
    } finally {
      await app.close().catch(() => {});
    }
  });
  it("ready answers 503 until the start-up work after listening (demo data) is done; /api/health already 200", async () => {
    let done = false;
    const app = await buildApp({
      db: t.database.db,
      clock: new ManualClock(new Date()),
      config: { jwtSecret: "test-secret-test-secret-test-secret-0123456789", adminEmails: [], dataDir: "/tmp/vz-ops" },
      startupDone: () => done,
    });
    try {
      await app.ready();
      const early = await app.inject({ url: "/api/health/ready" });
      expect(early.statusCode).toBe(503);
      expect(early.json()).toMatchObject({ success: false, code: "SERVICE_UNAVAILABLE" });
      expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
      expect((await app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
      done = true;
      expect((await app.inject({ url: "/api/health/ready" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("/metrics", () => {
  it("answers Prometheus text: request durations by route, deal transitions, ledger totals, queue depths", async () => {
    const [seller, buyer] = await k.users(2);
    const asset = await k.listFor(seller!);
    await k.fund(buyer!, PRICE);
    const bought = await k.buy(buyer!, asset._id, seller!.id);
    expect(bought.statusCode, bought.body).toBe(201);
    await t.app.inject({ url: `/api/activos/${asset._id}` });

    const res = await t.app.inject({ url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // The route's pattern, not the URL with its id.
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/activos\/:id",status_code="200"\} 1/,
    );
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.05",method="POST",route="\/api\/assets"/);
    expect(text).not.toContain(asset._id);
    expect(text).toMatch(/valoriza_deal_transitions_total\{process="[a-z_]+",transition="[a-z_]+"\} 1/);
    expect(text).toMatch(/valoriza_ledger_credits\{account="suma_total"\} 0/);
    expect(text).toMatch(/valoriza_ledger_credits\{account="emitidos"\} [1-9]/);
    expect(text).toMatch(/valoriza_deal_timers_pending [1-9]/); // the purchase's custody expires
    expect(text).toMatch(/valoriza_deal_timers_overdue 0/);
    expect(text).toMatch(/valoriza_mail_outbox_pending \d+/);
    expect(text).toContain("process_resident_memory_bytes");
  });
});

/** An app whose request log lines are captured (to read the client address Fastify saw). */
async function appWithLog(trustProxy: boolean | number | string[] | undefined) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  const app = await buildApp({
    db: t.database.db,
    clock: new ManualClock(new Date()),
    logger: { level: "info", stream },
    config: {
      jwtSecret: "test-secret-test-secret-test-secret-0123456789",
      adminEmails: [],
      dataDir: "/tmp/vz-ops",
      ...(trustProxy === undefined ? {} : { trustProxy }),
    },
  });
  await app.ready();
  const addressOf = async (headers: Record<string, string>) => {
    const before = lines.length;
    await app.inject({ url: "/api/health/live", headers, remoteAddress: "10.0.0.2" });
    const incoming = lines.slice(before).find((l) => l.msg === "incoming request") as {
      req: { remoteAddress: string };
    };
    return incoming.req.remoteAddress;
  };
  return { app, addressOf };
}

describe("TRUST_PROXY", () => {
  it("by default the socket's address counts: a forged X-Forwarded-For is ignored", async () => {
    const { app, addressOf } = await appWithLog(undefined);
    try {
      expect(await addressOf({ "x-forwarded-for": "203.0.113.7" })).toBe("10.0.0.2");
    } finally {
      await app.close();
    }
  });

  it("with the proxy trusted (a hop count, its address, or all), the client's address comes from X-Forwarded-For", async () => {
    for (const [trust, nearest, leftmost] of [
      [1, "203.0.113.8", "203.0.113.8"],
      [["10.0.0.2"], "203.0.113.8", "203.0.113.8"],
      [true, "203.0.113.8", "198.51.100.1"],
    ] as const) {
      const { app, addressOf } = await appWithLog(trust as boolean | number | string[]);
      try {
        expect(await addressOf({ "x-forwarded-for": "203.0.113.7" })).toBe("203.0.113.7");
        // A client-forged first entry counts only when every hop is trusted.
        expect(await addressOf({ "x-forwarded-for": "198.51.100.1, 203.0.113.8" })).toBe(
          trust === true ? leftmost : nearest,
        );
      } finally {
        await app.close();
      }
    }
  });
});

describe("slow bodies", () => {
  it("a client that trickles a body is answered 408 and cut off at the request time-out", async () => {
    const app = await buildApp({
      db: t.database.db,
      clock: new ManualClock(new Date()),
      requestTimeoutMs: 1000,
      config: { jwtSecret: "test-secret-test-secret-test-secret-0123456789", adminEmails: [], dataDir: "/tmp/vz-ops" },
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const port = (app.server.address() as { port: number }).port;
    try {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.on("data", (d) => {
        answer += String(d);
      });
      const t0 = performance.now();
      const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(performance.now() - t0)));
      socket.on("error", () => {});
      socket.write(
        "POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
      );
      // One byte every 100 ms: never idle, never done (100 000 bytes would take almost 3 hours).
      const drip = setInterval(() => socket.writable && socket.write(" "), 100);
      const ms = await closed;
      clearInterval(drip);
      expect(ms).toBeGreaterThanOrEqual(900);
      expect(ms).toBeLessThan(5000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await app.close();
    }
  });
});
