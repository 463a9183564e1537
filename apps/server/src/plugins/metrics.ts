/**
 * GET /metrics in Prometheus' text format (issue 21, ADR 019), with prom-client:
 * - `http_request_duration_seconds{method,route,status_code}`: a histogram per route pattern
 *   (`/api/activos/:id`, never the raw URL, so the label set stays small);
 * - `valoriza_deal_transitions_total{process,transition}`: transitions applied by this process's
 *   deals engine (counted where the engine records the new state);
 * - `valoriza_ledger_credits{account}`: the ledger's totals by account kind, read at scrape time
 *   (the same figures as GET /api/economia/estado);
 * - `valoriza_deal_timers_pending` / `valoriza_deal_timers_overdue`: the timer queue;
 * - `valoriza_mail_outbox_pending`: mails waiting in the outbox;
 * - `valoriza_push_outbox_pending` / `valoriza_notification_outbox_pending`: pushes waiting to be
 *   sent, notifications waiting to be delivered (issue 20, ADR 022);
 * - Node's process metrics (memory, CPU, event-loop lag, GC).
 * Counters and histograms are per process (Prometheus adds the replicas up); the database gauges
 * are the same in every replica. Not meant for the public: the Caddyfile does not route it.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../db/client.ts";
import { getEconomyTotals } from "../modules/ledger/index.ts";

const rowsOf = (r: unknown) => ((r as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];

async function count(db: Db, query: string): Promise<number | undefined> {
  try {
    const row = rowsOf(await db.execute(sql.raw(query)))[0];
    return Number(row?.n ?? 0);
  } catch {
    return undefined; // the table is not there (yet): the gauge reports nothing
  }
}

export function registerMetrics(app: FastifyInstance, opts: { db: Db; defaultMetrics?: boolean }): Registry {
  const registry = new Registry();
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Duración de las peticiones HTTP por ruta",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "sin_ruta";
    if (route === "/metrics") return;
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const transitions = new Counter({
    name: "valoriza_deal_transitions_total",
    help: "Transiciones aplicadas por el motor de operaciones, por proceso y transición",
    labelNames: ["process", "transition"] as const,
    registers: [registry],
  });
  // The engine is built after this plugin (app.ts): attach once everything is registered.
  app.addHook("onReady", async () => {
    app.deals?.onTransition((process, transition) => transitions.inc({ process, transition }));
  });

  const { db } = opts;
  new Gauge({
    name: "valoriza_ledger_credits",
    help: "Totales del libro contable por tipo de cuenta (créditos)",
    labelNames: ["account"] as const,
    registers: [registry],
    async collect() {
      const t = await getEconomyTotals(db);
      this.set({ account: "emitidos" }, t.creditosEmitidos);
      this.set({ account: "destruidos" }, t.creditosDestruidos);
      this.set({ account: "disponibles" }, t.creditosDisponibles);
      this.set({ account: "bloqueados" }, t.creditosBloqueados);
      this.set({ account: "custodia" }, t.custodia);
      this.set({ account: "tienda" }, t.tienda);
      this.set({ account: "retiros" }, t.retiros);
      this.set({ account: "suma_total" }, t.total);
    },
  });
  new Gauge({
    name: "valoriza_deal_timers_pending",
    help: "Temporizadores de operaciones pendientes",
    registers: [registry],
    async collect() {
      const n = await count(db, "select count(*)::int as n from deal_timers where status = 'pendiente'");
      if (n !== undefined) this.set(n);
    },
  });
  new Gauge({
    name: "valoriza_deal_timers_overdue",
    help: "Temporizadores pendientes cuyo momento ya pasó (la cola va atrasada)",
    registers: [registry],
    async collect() {
      const n = await count(
        db,
        "select count(*)::int as n from deal_timers where status = 'pendiente' and due_at <= now()",
      );
      if (n !== undefined) this.set(n);
    },
  });
  new Gauge({
    name: "valoriza_mail_outbox_pending",
    help: "Correos pendientes de envío en la bandeja de salida",
    registers: [registry],
    async collect() {
      const n = await count(db, "select count(*)::int as n from mail_outbox where status = 'pendiente'");
      if (n !== undefined) this.set(n);
    },
  });

  new Gauge({
    name: "valoriza_push_outbox_pending",
    help: "Notificaciones push pendientes de envío",
    registers: [registry],
    async collect() {
      const n = await count(db, "select count(*)::int as n from push_outbox where status = 'pendiente'");
      if (n !== undefined) this.set(n);
    },
  });
  new Gauge({
    name: "valoriza_notification_outbox_pending",
    help: "Notificaciones pendientes de entregar por push y correo",
    registers: [registry],
    async collect() {
      const n = await count(db, "select count(*)::int as n from notification_outbox where status = 'pendiente'");
      if (n !== undefined) this.set(n);
    },
  });

  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    const body = await registry.metrics();
    return reply.header("content-type", registry.contentType).header("cache-control", "no-store").send(body);
  });
  return registry;
}
