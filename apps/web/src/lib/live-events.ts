import type { EventTicketResponse } from "@valoriza/domain";
import { useEffect } from "react";
import { apiRequest } from "./api.ts";
import { queryClient } from "./query-client.ts";
import { useSession } from "./session.tsx";

/**
 * Live updates (issue 8 item 7, ADR 007): one server-sent-events stream per signed-in browser.
 * The stream carries hints only ({"tipo": "notificacion" | "saldo" | "chat" | "sincronizar"}); on
 * each one the page refetches the affected queries through the ordinary calls, so the bell and the
 * header move within a second or two. The spec's polling stays on as the fallback.
 *
 * EventSource cannot send the bearer token, so each connection first trades it for a short-lived
 * ticket (POST /eventos/ticket). Reconnects (network loss, server restart, the server's periodic
 * close) ask for a new ticket, with exponential backoff and jitter.
 *
 * Several tabs: browsers allow about six HTTP/1.1 connections per site, and a stream holds one for
 * good, so tabs elect one leader with the Web Locks API. Only the leader opens the stream; it
 * relays what to refresh to the other tabs over a BroadcastChannel. When the leader tab closes its
 * lock is released and another tab takes over. Without those APIs every tab opens its own stream.
 */

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/** Events within this window are coalesced into one refetch per query. */
const BATCH_MS = 100;

/** Query roots each event refreshes (see lib/query-client.ts). */
const ROOTS_BY_EVENT: Record<string, readonly string[]> = {
  notificacion: ["notifications"],
  saldo: ["saldo", "profile", "wallet", "movements", "transactions", "myAssets"],
  chat: ["chats"],
  sincronizar: ["notifications", "saldo", "profile", "wallet", "movements", "transactions", "myAssets", "chats"],
};

/** Which query roots an event refreshes (none for an unknown or malformed event). */
export function rootsForEvent(data: string): readonly string[] {
  try {
    const parsed = JSON.parse(data) as { tipo?: unknown };
    return typeof parsed.tipo === "string" ? (ROOTS_BY_EVENT[parsed.tipo] ?? []) : [];
  } catch {
    return [];
  }
}

export type LiveStatus = "connecting" | "open" | "closed" | "follower";

export interface LiveEventsOptions {
  /** Scopes the tab election and the relay channel to one user. */
  userId?: string;
  onStatus?: (status: LiveStatus) => void;
}

/** Connects this tab to live events until the returned function is called. */
export function connectLiveEvents(options: LiveEventsOptions = {}): () => void {
  const scope = `valoriza-eventos:${options.userId ?? ""}`;
  let stopped = false;
  const pending = new Set<string>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    flushTimer = undefined;
    const roots = [...pending];
    pending.clear();
    if (roots.length === 0) return;
    void queryClient.invalidateQueries({ predicate: (q) => roots.includes(String(q.queryKey[0])) });
  };
  const refresh = (roots: readonly string[]) => {
    for (const r of roots) pending.add(r);
    if (roots.length > 0 && !flushTimer) flushTimer = setTimeout(flush, BATCH_MS);
  };

  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(scope);
  if (channel) {
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (Array.isArray(event.data)) refresh(event.data.filter((r): r is string => typeof r === "string"));
    };
  }

  let stopStream: (() => void) | null = null;
  const lead = () => {
    options.onStatus?.("connecting");
    stopStream = openStream(options, (roots) => {
      refresh(roots);
      channel?.postMessage(roots);
    });
  };

  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  const abort = new AbortController();
  let releaseLock: (() => void) | undefined;
  if (locks && channel) {
    options.onStatus?.("follower");
    // Held until this tab stops: then the next waiting tab becomes the leader.
    locks
      .request(scope, { signal: abort.signal }, () => {
        if (stopped) return;
        lead();
        return new Promise<void>((resolve) => {
          releaseLock = resolve;
        });
      })
      .catch(() => {
        // Aborted while waiting: this tab stopped before it led.
      });
  } else {
    lead();
  }

  return () => {
    stopped = true;
    abort.abort();
    stopStream?.();
    releaseLock?.();
    clearTimeout(flushTimer);
    channel?.close();
  };
}

/** The leader's stream: ticket, EventSource, reconnect with backoff. */
function openStream(options: LiveEventsOptions, onRoots: (roots: readonly string[]) => void): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const schedule = () => {
    if (stopped) return;
    options.onStatus?.("closed");
    const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(open, base / 2 + Math.random() * (base / 2));
  };

  async function open(): Promise<void> {
    if (stopped) return;
    let ticket: string;
    try {
      // "ignore": a refused ticket is not this helper's to report; the polled calls expire the session.
      const res = await apiRequest<EventTicketResponse | null>("/eventos/ticket", {
        method: "POST",
        onUnauthorized: "ignore",
      });
      if (typeof res?.ticket !== "string") throw new Error("no ticket");
      ticket = res.ticket;
    } catch {
      schedule();
      return;
    }
    if (stopped) return;
    const es = new EventSource(`/api/eventos?ticket=${encodeURIComponent(ticket)}`);
    source = es;
    es.onopen = () => {
      attempt = 0;
      options.onStatus?.("open");
    };
    // Every stream starts with a 'sincronizar', the first one too: the page read its data before the
    // server subscribed this stream (the ticket and the connection come after the page's own calls),
    // and an event in between would otherwise wait for the next poll. Only the active queries refetch.
    es.onmessage = (event: MessageEvent<string>) => onRoots(rootsForEvent(event.data));
    // The browser would retry with the same (soon expired) ticket: close and reconnect with a new one.
    es.onerror = () => {
      es.close();
      if (source === es) source = null;
      schedule();
    };
  }

  void open();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
  };
}

/** Keeps live events flowing while a user is signed in. Mount once, in the layout. */
export function useLiveEvents(): void {
  const { token, user } = useSession();
  const userId = token && user ? user._id : "";
  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    return connectLiveEvents({ userId });
  }, [userId]);
}
