import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { claimDue, markFailed, markSent } from "./outbox.repository.ts";
import type { MailTransport } from "./transport.ts";

export interface MailWorkerLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface MailWorkerOptions {
  /** How often the outbox is polled . */
  intervalMs?: number;
  /** How long a claimed mail belongs to this worker before another may retry it. */
  leaseMs?: number;
  /** Attempts before a mail is given up (`fallido`). */
  maxAttempts?: number;
  /** First retry after this long, doubling up to `maxBackoffMs`. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  batch?: number;
  log?: MailWorkerLog;
}

/** Wait before the retry that follows the `attempts`-th failed attempt. */
export function backoffMs(attempts: number, first = 30_000, max = 60 * 60_000): number {
  return Math.min(first * 2 ** Math.max(0, Math.min(attempts - 1, 30)), max);
}

/**
 * Sends the outbox. Several workers (one per process) may run on one database: each mail is
 * claimed by one of them (outbox.repository.ts claimDue) and sent once. A failed send is retried
 * with exponential backoff; nothing is lost on a restart (the outbox is a table).
 */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  private readonly opts: Required<Omit<MailWorkerOptions, "log">> & { log?: MailWorkerLog };

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly transport: MailTransport,
    private readonly from: string,
    opts: MailWorkerOptions = {},
  ) {
    this.opts = {
      intervalMs: opts.intervalMs ?? 5000,
      leaseMs: opts.leaseMs ?? 2 * 60_000,
      maxAttempts: opts.maxAttempts ?? 10,
      firstBackoffMs: opts.firstBackoffMs ?? 30_000,
      maxBackoffMs: opts.maxBackoffMs ?? 60 * 60_000,
      batch: opts.batch ?? 20,
      log: opts.log,
    };
  }

  /** Sends every mail due now; answers how many were sent. One pass at a time per worker. */
  runOnce(): Promise<number> {
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

  private async pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = this.clock.now();
      const due = await claimDue(this.db, now, this.opts.leaseMs, this.opts.batch);
      if (due.length === 0) return sent;
      for (const m of due) {
        try {
          await this.transport.send({
            id: m.id,
            from: this.from,
            to: m.toAddress,
            subject: m.subject,
            html: m.html,
            text: m.textBody,
            link: m.link,
            listUnsubscribe: m.listUnsubscribe,
          });
          await markSent(this.db, m.id, this.clock.now());
          sent++;
        } catch (err) {
          const giveUp = m.attempts >= this.opts.maxAttempts;
          const retryAt = giveUp
            ? null
            : new Date(
                this.clock.now().getTime() + backoffMs(m.attempts, this.opts.firstBackoffMs, this.opts.maxBackoffMs),
              );
          await markFailed(this.db, m.id, (err as Error)?.message ?? String(err), retryAt);
          const log = giveUp ? this.opts.log?.error : this.opts.log?.warn;
          log?.call(
            this.opts.log,
            { err, correo: m.id, intento: m.attempts, reintento: retryAt },
            "no se pudo enviar un correo",
          );
        }
      }
      if (due.length < this.opts.batch) return sent;
    }
  }

  /** Polls every `intervalMs` until stopped. */
  start(): this {
    const tick = () => {
      if (this.stopped) return;
      this.runOnce()
        .catch((err) => this.opts.log?.error({ err }, "correo: error al leer la bandeja de salida"))
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
    this.transport.close();
  }
}
