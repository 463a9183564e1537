import {
  EVENT_HEARTBEAT_MS,
  EVENT_STREAM_MAX_MS,
  errorResponseSchema,
  eventTicketResponseSchema,
  type LiveEvent,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type UserLookup } from "../../lib/auth.ts";
import { rateLimited, unauthorized } from "../../lib/errors.ts";
import type { EventHub } from "./events.hub.ts";
import { type EventTickets, TICKET_INVALID } from "./events.tickets.ts";

/** Streams one user may hold open on one server process (tabs, reconnect overlap). */
export const MAX_STREAMS_PER_USER = 10;
const SLOW_CLIENT_BYTES = 256 * 1024;

export interface EventsRoutesOptions {
  hub: EventHub;
  tickets: EventTickets;
  lookup: UserLookup;
  authenticate: onRequestAsyncHookHandler;
  heartbeatMs?: number;
  maxStreamMs?: number;
}

const frame = (e: LiveEvent) => `data: ${JSON.stringify(e)}\n\n`;

export const eventsRoutes =
  (opts: EventsRoutesOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ["Eventos"];
    const heartbeatMs = opts.heartbeatMs ?? EVENT_HEARTBEAT_MS;
    const maxStreamMs = opts.maxStreamMs ?? EVENT_STREAM_MAX_MS;

    app.post(
      "/eventos/ticket",
      {
        onRequest: opts.authenticate,
        schema: {
          tags,
          summary: "Ticket de corta duración para abrir el stream de eventos (EventSource no envía cabeceras)",
          security: [{ bearerAuth: [] }],
          response: { 200: eventTicketResponseSchema, 401: errorResponseSchema },
        },
      },
      async (req) => {
        const me = currentUser(req);
        const user = await opts.lookup(me.id);
        if (!user) throw unauthorized();
        return {
          success: true as const,
          ticket: await opts.tickets.issue(user.id, user.tokenVersion),
          expiresIn: opts.tickets.ttl,
        };
      },
    );

    app.get(
      "/eventos",
      {
        // The ticket is in the URL: keep the per-request info logs ("incoming request" with the URL) off.
        logLevel: "warn",
        schema: {
          tags,
          summary:
            "Stream de eventos en vivo (text/event-stream) del usuario del ticket: avisos de notificaciones, saldo y chats, sin contenido",
          querystring: z.object({
            ticket: z.string({ error: TICKET_INVALID }).min(1, TICKET_INVALID).max(4096, TICKET_INVALID),
          }),
          response: {
            200: z.string().describe('text/event-stream: líneas `data: {"tipo": ...}`, comentarios de latido'),
            400: errorResponseSchema,
            401: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (req, reply) => {
        const { userId, ver } = await opts.tickets.verify(req.query.ticket);
        const user = await opts.lookup(userId);
        if (!user || user.tokenVersion !== ver) throw unauthorized(TICKET_INVALID);
        if (opts.hub.count(user.id) >= MAX_STREAMS_PER_USER)
          throw rateLimited("Tienes demasiadas pestañas conectadas. Cierra alguna e intenta de nuevo.", 30);

        const raw = reply.raw;
        let open = true;
        let heartbeat: NodeJS.Timeout | undefined;
        let lifetime: NodeJS.Timeout | undefined;
        let unsubscribe: (() => void) | undefined;

        const finish = () => {
          if (!open) return;
          open = false;
          if (heartbeat) clearInterval(heartbeat);
          if (lifetime) clearTimeout(lifetime);
          unsubscribe?.();
          if (!raw.writableEnded) raw.end();
        };
        const write = (chunk: string) => {
          if (!open) return;
          // A client that stopped reading is dropped rather than buffered without bound.
          if (raw.writableLength > SLOW_CLIENT_BYTES) return finish();
          raw.write(chunk);
        };

        unsubscribe = await opts.hub.subscribe(user.id, { send: (e) => write(frame(e)), end: finish });
        reply.hijack();
        raw.on("close", finish);
        raw.on("error", finish);
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-cache, no-store, no-transform",
          "x-accel-buffering": "no",
          connection: "keep-alive",
        });
        raw.flushHeaders();
        // Reconnect delay hint, then a first 'sincronizar': the page refetches whatever it may have missed.
        write(`retry: 3000\n\n`);
        write(frame({ tipo: "sincronizar" }));
        heartbeat = setInterval(() => write(`: latido\n\n`), heartbeatMs);
        // Streams end after a while; the client reconnects with a fresh ticket, re-checking the session.
        lifetime = setTimeout(finish, maxStreamMs);
        if (req.raw.destroyed) finish();
      },
    );
  };
