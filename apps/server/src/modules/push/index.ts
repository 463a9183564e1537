/**
 * Public entry of the push area (issue 20 items 2 and 3, ADR 022): Web Push subscriptions, the
 * notification preferences, the unsubscribe link of mails, and the worker that delivers every
 * in-app notification by push and mail (server.ts starts it).
 */
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AppConfig } from "../../lib/deps.ts";
import { PushWorker, type PushWorkerOptions } from "./worker.ts";

export { forgetUser as forgetNotificationsOf, notificationDataOf } from "./push.repository.ts";
export { pushRoutes } from "./push.routes.ts";
export { createPushService, endpointAllowed, type PushService } from "./push.service.ts";
export { PUSH_TTL_SECONDS, type PushResult, sendPush } from "./send.ts";
export { unsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token.ts";
export { resolveVapidKeys, type VapidKeys } from "./vapid.ts";
export {
  bogotaDay,
  DIGEST_JOB,
  DIGEST_MAX_ITEMS,
  nextDigestRun,
  type PushPass,
  PushWorker,
  type PushWorkerOptions,
} from "./worker.ts";

/** A worker for one process (tests build their own and call runOnce). */
export function createPushWorker(deps: { db: Db; clock: Clock; config: AppConfig }, opts: PushWorkerOptions = {}) {
  return new PushWorker(deps.db, deps.clock, deps.config, opts);
}

/** server.ts: starts polling the notification and push outboxes; `stop()` on shutdown. */
export function startPushWorker(
  deps: { db: Db; clock: Clock; config: AppConfig },
  opts: PushWorkerOptions = {},
): PushWorker {
  return createPushWorker(deps, { intervalMs: 2000, ...opts }).start();
}
