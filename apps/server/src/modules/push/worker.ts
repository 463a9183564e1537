import type { Db, Executor } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AppConfig } from "../../lib/deps.ts";
import { isOnChat } from "../chat/index.ts";
import { backoffMs, enqueueMail, publicUrl } from "../mail/index.ts";
import {
  claimJob,
  digestCandidates,
  ensureJob,
  recordDigest,
  scheduleJob,
  setDigestCount,
  takeParked,
} from "./push.digest.repository.ts";
import {
  claimDuePushes,
  type DeliveryRow,
  deleteDeliveries,
  deleteSubscriptionById,
  markSubscriptionUsed,
  parkForDigest,
  pushFailed,
  pushSent,
  queuePushes,
  type Recipient,
  recipients,
  takeDeliveries,
} from "./push.repository.ts";
import { sendPush } from "./send.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";
import { resolveVapidKeys, type VapidKeys } from "./vapid.ts";

export interface PushWorkerLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface PushWorkerOptions {
  /** How often the outboxes are polled. */
  intervalMs?: number;
  /** How long a claimed push (or the digest job) belongs to this worker before another may take it. */
  leaseMs?: number;
  /** Attempts before a push is given up ('fallido'). */
  maxAttempts?: number;
  /** First retry after this long, doubling up to `maxBackoffMs`. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  batch?: number;
  /** Time-out of one request to a push service. */
  timeoutMs?: number;
  /** The daily digest goes out at this hour of the day in Colombia (default 7). */
  digestHour?: number;
  log?: PushWorkerLog;
}

/** What one pass did. */
export interface PushPass {
  /** Notifications delivered (pushes and mails queued, or parked for the digest). */
  entregas: number;
  /** Pushes accepted by a push service. */
  push: number;
  /** Daily digests queued in the mail outbox. */
  resumenes: number;
}

export const DIGEST_JOB = "resumen_diario";
/** Colombia has no daylight saving time: UTC-5 all year. */
const BOGOTA_OFFSET_MS = -5 * 3_600_000;
/** Most notifications listed in one digest; the rest are counted. */
export const DIGEST_MAX_ITEMS = 20;
/** Most characters of a push's body (a push payload holds at most ~4 KB). */
const PUSH_BODY_MAX = 240;

/** The day in Colombia (aaaa-mm-dd) at `at`. */
export function bogotaDay(at: Date): string {
  return new Date(at.getTime() + BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first `hour`:00 in Colombia after `after`. */
export function nextDigestRun(after: Date, hour = 7): Date {
  const local = new Date(after.getTime() + BOGOTA_OFFSET_MS);
  const at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour) - BOGOTA_OFFSET_MS;
  return new Date(at > after.getTime() ? at : at + 86_400_000);
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/**
 * Delivers notifications by push and mail (issue 20, ADR 022). Every pass, in order:
 * 1. takes the pending rows of notification_outbox (FOR UPDATE SKIP LOCKED, in one transaction per
 *    batch: a row is handled by one worker, and the pushes and mail it queues commit with its
 *    deletion), queueing one push per subscription (if the person has push on and is not on the
 *    chat of a chat message) and either a mail now ('inmediato'), a place in tomorrow's digest
 *    ('diario') or nothing ('nunca', or an address not verified);
 * 2. sends the due pushes (claimed with a lease like the mail outbox): 404/410 remove the
 *    subscription, 429/5xx and network errors are retried with backoff;
 * 3. when the daily job is due (scheduled_jobs), queues one digest per person and day.
 * Several workers (one per process) may run on one database; nothing is lost on a restart.
 */
export class PushWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<PushPass> | null = null;
  private again = false;
  private stopped = false;
  private jobReady = false;
  private vapidKeys: VapidKeys | null = null;
  private readonly opts: Required<Omit<PushWorkerOptions, "log">> & { log?: PushWorkerLog };

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    opts: PushWorkerOptions = {},
  ) {
    this.opts = {
      intervalMs: opts.intervalMs ?? 5000,
      leaseMs: opts.leaseMs ?? 2 * 60_000,
      maxAttempts: opts.maxAttempts ?? 8,
      firstBackoffMs: opts.firstBackoffMs ?? 30_000,
      maxBackoffMs: opts.maxBackoffMs ?? 60 * 60_000,
      batch: opts.batch ?? 50,
      timeoutMs: opts.timeoutMs ?? 15_000,
      digestHour: opts.digestHour ?? 7,
      log: opts.log,
    };
  }

  private get vapid(): VapidKeys {
    this.vapidKeys ??= resolveVapidKeys(this.config);
    return this.vapidKeys;
  }

  /** One pass (deliveries, pushes, digest). One pass at a time per worker. */
  runOnce(): Promise<PushPass> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.runOnce();
      }
    });
    return this.running;
  }

  private async pass(): Promise<PushPass> {
    const entregas = await this.deliver();
    const push = await this.sendPushes();
    const resumenes = await this.digests();
    return { entregas, push, resumenes };
  }

  // ------------------------------------------------------------ 1. deliveries

  private async deliver(): Promise<number> {
    let done = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const rows = await takeDeliveries(tx, this.opts.batch);
        if (rows.length === 0) return 0;
        const people = await recipients(
          tx,
          rows.map((r) => r.userId),
        );
        const now = this.clock.now();
        const finished: string[] = [];
        const parked: string[] = [];
        for (const r of rows) {
          if ((await this.deliverOne(tx, r, people.get(r.userId), now)) === "resumen") parked.push(r.id);
          else finished.push(r.id);
        }
        await deleteDeliveries(tx, finished);
        await parkForDigest(tx, parked);
        return rows.length;
      });
      done += n;
      if (n < this.opts.batch) return done;
    }
  }

  private async deliverOne(
    tx: Executor,
    r: DeliveryRow,
    who: Recipient | undefined,
    now: Date,
  ): Promise<"hecha" | "resumen"> {
    if (!who || who.deleted) return "hecha";
    // A chat message while the person has that chat open (since the notification was made): seen.
    if (r.chatId && (await isOnChat(tx, r.chatId, r.userId, now))) return "hecha";
    if (who.push) {
      const payload = JSON.stringify({
        title: r.titulo,
        body: clip(r.descripcion, PUSH_BODY_MAX),
        url: r.url,
        tag: r.tag,
      });
      await queuePushes(tx, r.userId, payload, now);
    }
    if (!who.emailVerified || who.correo === "nunca") return "hecha";
    if (who.correo === "diario") return "resumen";
    await enqueueMail(tx, this.clock, {
      userId: who.id,
      to: who.email,
      template: "notificacion",
      data: {
        name: who.name,
        titulo: r.titulo,
        descripcion: r.descripcion,
        link: `${publicUrl(this.config)}${r.url}`,
        unsubscribe: this.unsubscribeUrl(who.id),
      },
    });
    return "hecha";
  }

  private unsubscribeUrl(userId: string): string {
    return `${publicUrl(this.config)}/api/profile/notificaciones/baja?token=${unsubscribeToken(this.config.jwtSecret, userId)}`;
  }

  // ------------------------------------------------------------ 2. pushes

  private async sendPushes(): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await claimDuePushes(this.db, this.clock.now(), this.opts.leaseMs, this.opts.batch);
      if (due.length === 0) return sent;
      const results = await Promise.all(
        due.map(async (p) => {
          const r = await sendPush(
            { endpoint: p.endpoint, keys: { p256dh: p.p256dh, auth: p.auth } },
            p.payload,
            this.vapid,
            this.opts.timeoutMs,
          );
          if (r.ok) {
            await pushSent(this.db, p.id, p.attempts);
            await markSubscriptionUsed(this.db, p.subscriptionId, this.clock.now());
            return 1;
          }
          if (r.gone) {
            // 404/410: the browser dropped the subscription; it and its pending pushes go.
            await deleteSubscriptionById(this.db, p.subscriptionId);
            this.opts.log?.info(
              { suscripcion: p.subscriptionId, estado: r.status },
              "push: suscripción vencida, eliminada",
            );
            return 0;
          }
          const giveUp = !r.retry || p.attempts >= this.opts.maxAttempts;
          const wait = Math.min(
            Math.max(backoffMs(p.attempts, this.opts.firstBackoffMs, this.opts.maxBackoffMs), r.retryAfterMs ?? 0),
            this.opts.maxBackoffMs,
          );
          const retryAt = giveUp ? null : new Date(this.clock.now().getTime() + wait);
          await pushFailed(this.db, p.id, p.attempts, r.error, retryAt);
          const log = giveUp ? this.opts.log?.error : this.opts.log?.warn;
          log?.call(
            this.opts.log,
            { push: p.id, estado: r.status, error: r.error, intento: p.attempts, reintento: retryAt },
            "push: no se pudo enviar",
          );
          return 0;
        }),
      );
      sent += results.reduce<number>((a, b) => a + b, 0);
      if (due.length < this.opts.batch) return sent;
    }
  }

  // ------------------------------------------------------------ 3. daily digest

  private async digests(): Promise<number> {
    const now = this.clock.now();
    if (!this.jobReady) {
      await ensureJob(this.db, DIGEST_JOB, nextDigestRun(now, this.opts.digestHour));
      this.jobReady = true;
    }
    if (!(await claimJob(this.db, DIGEST_JOB, now, this.opts.leaseMs))) return 0;
    const dia = bogotaDay(now);
    let sent = 0;
    for (;;) {
      const people = await digestCandidates(this.db, dia, now, this.opts.batch);
      for (const userId of people) {
        sent += await this.db.transaction((tx) => this.digestFor(tx, userId, dia, now));
      }
      if (people.length < this.opts.batch) break;
    }
    await scheduleJob(this.db, DIGEST_JOB, nextDigestRun(now, this.opts.digestHour));
    return sent;
  }

  /** One person's digest of `dia`: recorded first, so a second process finds it and sends nothing. */
  private async digestFor(tx: Executor, userId: string, dia: string, now: Date): Promise<number> {
    if (!(await recordDigest(tx, userId, dia, now))) return 0;
    const items = await takeParked(tx, userId, now);
    await deleteDeliveries(
      tx,
      items.map((i) => i.id),
    );
    const who = (await recipients(tx, [userId])).get(userId);
    if (!who || who.deleted || !who.emailVerified || who.correo === "nunca" || items.length === 0) return 0;
    await setDigestCount(tx, userId, dia, items.length);
    const base = publicUrl(this.config);
    const listed = items.slice(-DIGEST_MAX_ITEMS).reverse();
    await enqueueMail(tx, this.clock, {
      userId,
      to: who.email,
      template: "resumen_diario",
      data: {
        name: who.name,
        items: listed.map((i) => ({ titulo: i.titulo, descripcion: i.descripcion, link: `${base}${i.url}` })),
        more: items.length - listed.length,
        link: `${base}/`,
        unsubscribe: this.unsubscribeUrl(userId),
      },
    });
    return 1;
  }

  /** Polls every `intervalMs` until stopped. */
  start(): this {
    const tick = () => {
      if (this.stopped) return;
      this.runOnce()
        .catch((err) => this.opts.log?.error({ err }, "push: error al leer las bandejas de salida"))
        .finally(() => {
          if (!this.stopped) {
            this.timer = setTimeout(tick, this.opts.intervalMs);
            this.timer.unref();
          }
        });
    };
    tick();
    return this;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
