import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

type Rows<T> = { rows: T[] };

export async function insertOutbox(exec: Executor, row: NewOutboxRow): Promise<void> {
  await exec.insert(mailOutbox).values(row);
}

/**
 * Claims up to `limit` due mails for this worker. The rows are locked with FOR UPDATE SKIP LOCKED
 * (a worker in another process skips them) and their next attempt is pushed `leaseMs` ahead in the
 * same statement, so once this commits no other worker sees them due until the lease ends (a
 * process that dies mid-send leaves the mail to be retried after it).
 */
export async function claimDue(exec: Executor, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const r = (await exec.execute(sql`
    update mail_outbox set next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
      attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where status = 'pendiente' and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at
      limit ${limit}
      for update skip locked)
    returning id, to_address, template, subject, html, text_body, link, list_unsubscribe, attempts`)) as unknown as Rows<{
    id: string;
    to_address: string;
    template: string;
    subject: string;
    html: string;
    text_body: string;
    link: string | null;
    list_unsubscribe: string | null;
    attempts: number;
  }>;
  return r.rows.map(
    (x) =>
      ({
        id: x.id,
        toAddress: x.to_address,
        template: x.template,
        subject: x.subject,
        html: x.html,
        textBody: x.text_body,
        link: x.link,
        listUnsubscribe: x.list_unsubscribe,
        attempts: Number(x.attempts),
      }) as OutboxRow,
  );
}

/** Sent: the bodies (which may hold a one-use link) are not kept. */
export async function markSent(exec: Executor, id: string, at: Date): Promise<void> {
  await exec
    .update(mailOutbox)
    .set({ status: "enviado", sentAt: at, html: "", textBody: "", link: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pendiente")));
}

/** A failed attempt: retried at `retryAt`, or given up (`fallido`) when `retryAt` is null. */
export async function markFailed(exec: Executor, id: string, error: string, retryAt: Date | null): Promise<void> {
  await exec
    .update(mailOutbox)
    .set(
      retryAt
        ? { nextAttemptAt: retryAt, lastError: error.slice(0, 500) }
        : { status: "fallido", lastError: error.slice(0, 500), html: "", textBody: "", link: null },
    )
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pendiente")));
}
