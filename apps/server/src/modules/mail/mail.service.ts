import type { Db, Executor } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AppConfig } from "../../lib/deps.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { insertOutbox } from "./outbox.repository.ts";
import { type MailTemplate, type MailTemplates, renderMail } from "./templates.ts";
import { emlTransport, type MailTransport, smtpTransport } from "./transport.ts";
import { MailWorker, type MailWorkerLog, type MailWorkerOptions } from "./worker.ts";

export interface EnqueueMail<K extends MailTemplate> {
  /** The person the mail is for (kept on the outbox row), if any. */
  userId?: string | null;
  to: string;
  template: K;
  data: MailTemplates[K];
}

/**
 * Puts a mail in the outbox, inside the caller's transaction: it is sent only if that commits,
 * and never blocks or fails the request (the worker sends it, retrying with backoff).
 */
export async function enqueueMail<K extends MailTemplate>(
  exec: Executor,
  clock: Clock,
  mail: EnqueueMail<K>,
): Promise<string> {
  const rendered = renderMail(mail.template, mail.data);
  const now = clock.now();
  const id = uuidv7(now.getTime());
  await insertOutbox(exec, {
    id,
    userId: mail.userId ?? null,
    toAddress: mail.to,
    template: mail.template,
    subject: rendered.subject,
    html: rendered.html,
    textBody: rendered.text,
    link: rendered.link ?? null,
    listUnsubscribe: rendered.listUnsubscribe ?? null,
    nextAttemptAt: now,
    createdAt: now,
  });
  return id;
}

/** The base of every link in mails: PUBLIC_URL, else http://localhost:3000. */
export function publicUrl(config: AppConfig): string {
  return (config.publicUrl ?? "http://localhost:3000").replace(/\/+$/, "");
}

/** SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR/correo/. */
export function createMailTransport(config: AppConfig, log?: MailWorkerLog): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : emlTransport(config.dataDir, log);
}

export const DEFAULT_MAIL_FROM = "Valoriza <no-responder@valoriza.co>";

/** The outbox worker of one process (server.ts starts it; tests build their own). */
export function createMailWorker(
  deps: { db: Db; clock: Clock; config: AppConfig },
  opts: MailWorkerOptions & { transport?: MailTransport } = {},
): MailWorker {
  const transport = opts.transport ?? createMailTransport(deps.config, opts.log);
  return new MailWorker(deps.db, deps.clock, transport, deps.config.mailFrom ?? DEFAULT_MAIL_FROM, opts);
}

/** server.ts: starts polling the outbox; `stop()` on shutdown. */
export function startMailWorker(
  deps: { db: Db; clock: Clock; config: AppConfig },
  opts: MailWorkerOptions = {},
): MailWorker {
  const worker = createMailWorker(deps, { intervalMs: 2000, ...opts });
  opts.log?.info(
    { modo: deps.config.smtpUrl ? "smtp" : "eml" },
    deps.config.smtpUrl ? "correo: envío por SMTP" : "correo: sin SMTP_URL, los correos se guardan en DATA_DIR/correo/",
  );
  return worker.start();
}
