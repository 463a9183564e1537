import type webpush from "web-push";
import type { VapidKeys } from "./vapid.ts";

/** A browser's PushSubscription as stored. */
export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushResult =
  | { ok: true; status: number }
  | {
      ok: false;
      /** 404/410: the subscription no longer exists. */
      gone: boolean;
      /** 429, 5xx or a network error: worth trying again later. */
      retry: boolean;
      status: number | null;
      error: string;
      retryAfterMs?: number;
    };

/** A push lives this long at the push service while the device is offline. */
export const PUSH_TTL_SECONDS = 24 * 3600;

function retryAfterMs(h: string | null): number | undefined {
  if (!h) return undefined;
  const s = Number(h);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(h);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Sends one push (RFC 8030): the `web-push` library encrypts the payload (RFC 8291, aes128gcm) and
 * signs the VAPID header (RFC 8292); the request itself goes out with fetch, with a time-out and
 * no redirects followed.
 */
export async function sendPush(
  subscription: StoredSubscription,
  payload: string,
  vapid: VapidKeys,
  timeoutMs: number,
): Promise<PushResult> {
  let req: webpush.RequestDetails;
  try {
    // Loaded with the first push, not at start-up (issue 21 item 1).
    const { generateRequestDetails } = (await import("web-push")).default;
    req = generateRequestDetails(subscription, payload, {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: "aes128gcm",
      urgency: "normal",
    });
  } catch (e) {
    // Keys the library cannot use: no retry will fix it.
    return { ok: false, gone: false, retry: false, status: null, error: (e as Error)?.message ?? String(e) };
  }
  let status: number | null = null;
  try {
    const res = await fetch(req.endpoint, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.body ? new Uint8Array(req.body) : null,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.status;
    const text = await res.text().catch(() => "");
    if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
    return {
      ok: false,
      gone: res.status === 404 || res.status === 410,
      retry: res.status === 429 || res.status >= 500,
      status: res.status,
      error: `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ""}`,
      retryAfterMs: retryAfterMs(res.headers.get("retry-after")),
    };
  } catch (e) {
    return { ok: false, gone: false, retry: true, status, error: (e as Error)?.message ?? String(e) };
  }
}
