/**
 * The shared setup of the live events tests (events.test.ts, events.processes.test.ts): the app on a
 * loopback port, a small server-sent-events reader, and the steps the tests are written with. `t` and
 * `base` are live bindings, set by useEventsApp.
 */
import { currentYearInColombia, type LiveEvent } from "@valoriza/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";

export let t: TestContext;
export let base: string;

/** Starts the file's app, listening on a loopback port (`base`), before its tests; closes it after. */
export function useEventsApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());
}

/** A minimal server-sent-events reader over fetch: collects `data:` events. */
interface Stream {
  status: number;
  events: LiveEvent[];
  /** Comment lines (heartbeats) received. */
  comments: string[];
  waitFor(pred: (e: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  ended: Promise<void>;
  close(): void;
}

export async function ticketFor(app: FastifyInstance, u: TestUser): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/eventos/ticket", headers: u.auth });
  if (res.statusCode !== 200) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return json(res).ticket;
}

export async function openStream(url: string): Promise<Stream> {
  const ac = new AbortController();
  const res = await fetch(url, { signal: ac.signal, headers: { accept: "text/event-stream" } });
  const events: LiveEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let resolveEnded!: () => void;
  const ended = new Promise<void>((r) => {
    resolveEnded = r;
  });
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          let i = buf.indexOf("\n\n");
          while (i >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            for (const line of block.split("\n")) {
              if (line.startsWith("data: ")) events.push(JSON.parse(line.slice(6)));
              else if (line.startsWith(":")) comments.push(line);
            }
            for (const w of [...waiters]) w();
            i = buf.indexOf("\n\n");
          }
        }
      } catch {
        // aborted
      }
      resolveEnded();
    })();
  } else {
    resolveEnded();
  }
  return {
    status: res.status,
    events,
    comments,
    ended,
    close: () => ac.abort(),
    waitFor(pred, ms = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.find(pred);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
}

export async function streamFor(u: TestUser, app = t.app, at = base): Promise<Stream> {
  const s = await openStream(`${at}/api/eventos?ticket=${encodeURIComponent(await ticketFor(app, u))}`);
  expect(s.status).toBe(200);
  await s.waitFor((e) => e.tipo === "sincronizar");
  return s;
}

export async function createAsset(app: FastifyInstance, u: TestUser): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/assets",
    headers: u.auth,
    payload: {
      title: "Taladro percutor",
      description: "Taladro con maletín",
      assetType: "bien",
      origin: "personal",
      category: "Herramientas",
      condition: "usado",
      physicalState: "bueno",
      yearOfPurchase: currentYearInColombia(new Date()) - 1,
      baseValueCOP: 400_000,
      mainPurpose: "vender",
      privacy: "publico",
      images: [],
    },
  });
  if (res.statusCode !== 201) throw new Error(`asset: ${res.statusCode} ${res.body}`);
  return json(res).data._id;
}

export const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The config of another app on the same database (a second server process). */
export function testConfig() {
  return {
    jwtSecret: "test-secret-test-secret-test-secret-0123456789",
    adminEmails: [],
    dataDir: `/tmp/valoriza-events-test-${process.pid}`,
    webDist: undefined,
  };
}
