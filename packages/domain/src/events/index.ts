import { z } from "zod";

/**
 * Live events (issue 8 item 7; ADR 007). The server-sent-events stream
 * GET /api/eventos carries only hints that something of the signed-in user
 * changed, never its content: the page refetches what it shows through the
 * ordinary authenticated calls. A leaked stream reveals timing, not data.
 */
export const LIVE_EVENT_TYPES = ["notificacion", "saldo", "chat", "sincronizar"] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const liveEventSchema = z.discriminatedUnion("tipo", [
  /** A notification was created for me: bell, unread count. */
  z.object({ tipo: z.literal("notificacion") }),
  /** One of my ledger accounts moved: header balances, wallet, movements. */
  z.object({ tipo: z.literal("saldo") }),
  /** A chat I take part in changed (new message, read marks, new chat). */
  z.object({ tipo: z.literal("chat"), chatId: z.string() }),
  /** Sent on (re)connection and when events may have been missed: refetch everything live. */
  z.object({ tipo: z.literal("sincronizar") }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** POST /eventos/ticket: a short-lived ticket that opens one stream (EventSource cannot send headers). */
export const eventTicketResponseSchema = z.object({
  success: z.literal(true),
  ticket: z.string(),
  expiresIn: z.number().int().describe("Segundos de validez del ticket para abrir el stream"),
});
export type EventTicketResponse = z.infer<typeof eventTicketResponseSchema>;

/** Seconds a stream ticket stays valid for opening a stream. */
export const EVENT_TICKET_TTL_SECONDS = 60;
/** Milliseconds between heartbeat comments on an open stream. */
export const EVENT_HEARTBEAT_MS = 25_000;
/** A stream is closed after this long; the client reconnects with a new ticket (re-checking the session). */
export const EVENT_STREAM_MAX_MS = 15 * 60_000;
/** Client reconnect backoff: first delay and cap, in milliseconds. */
export const EVENT_RECONNECT_MIN_MS = 1_000;
export const EVENT_RECONNECT_MAX_MS = 30_000;
