import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import type { DeliveryRow } from "./push.repository.ts";

/** The push area's daily digest: its scheduled job, the digests sent, the notifications parked for them. */

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(q: Promise<unknown>): Promise<T[]> => ((await q) as Rows<T>).rows;
const iso = (d: Date) => d.toISOString();

// ---------------------------------------------------------------- daily digest

/** Creates the job's row once (the first run at `firstRun`); a present row is left as it is. */
export async function ensureJob(exec: Executor, name: string, firstRun: Date): Promise<void> {
  await exec.execute(sql`
    insert into scheduled_jobs (name, next_run_at) values (${name}, ${iso(firstRun)}::timestamptz)
    on conflict (name) do nothing`);
}

/**
 * Takes the job if it is due: one statement moves its next run `leaseMs` ahead, so exactly one
 * process gets it (and another takes it over if this one dies before finishing).
 */
export async function claimJob(exec: Executor, name: string, now: Date, leaseMs: number): Promise<boolean> {
  const rows = await rowsOf<{ name: string }>(
    exec.execute(sql`
      update scheduled_jobs set next_run_at = ${iso(new Date(now.getTime() + leaseMs))}::timestamptz
      where name = ${name} and next_run_at <= ${iso(now)}::timestamptz
      returning name`),
  );
  return rows.length > 0;
}

export async function scheduleJob(exec: Executor, name: string, next: Date): Promise<void> {
  await exec.execute(sql`update scheduled_jobs set next_run_at = ${iso(next)}::timestamptz where name = ${name}`);
}

/** People with notifications parked before `before` and no digest for `dia` yet. */
export async function digestCandidates(exec: Executor, dia: string, before: Date, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ user_id: string }>(
    exec.execute(sql`
      select distinct o.user_id from notification_outbox o
      where o.status = 'resumen' and o.created_at < ${iso(before)}::timestamptz
        and not exists (select 1 from notification_digests d where d.user_id = o.user_id and d.dia = ${dia}::date)
      limit ${limit}`),
  );
  return rows.map((r) => r.user_id);
}

/** Records the person's digest of `dia`; false when one exists (another process sent it). */
export async function recordDigest(tx: Executor, userId: string, dia: string, now: Date): Promise<boolean> {
  const rows = await rowsOf<{ user_id: string }>(
    tx.execute(sql`
      insert into notification_digests (user_id, dia, avisos, created_at)
      values (${userId}::uuid, ${dia}::date, 0, ${iso(now)}::timestamptz)
      on conflict (user_id, dia) do nothing
      returning user_id`),
  );
  return rows.length > 0;
}

export async function setDigestCount(tx: Executor, userId: string, dia: string, avisos: number): Promise<void> {
  await tx.execute(
    sql`update notification_digests set avisos = ${avisos} where user_id = ${userId}::uuid and dia = ${dia}::date`,
  );
}

/** The person's parked notifications before `before`, oldest first, locked for this transaction. */
export async function takeParked(tx: Executor, userId: string, before: Date): Promise<DeliveryRow[]> {
  const rows = await rowsOf<{
    id: string;
    user_id: string;
    tipo: string;
    titulo: string;
    descripcion: string;
    url: string;
    tag: string;
    chat_id: string | null;
    created_at: string | Date;
  }>(
    tx.execute(sql`
      select id, user_id, tipo, titulo, descripcion, url, tag, chat_id, created_at from notification_outbox
      where user_id = ${userId}::uuid and status = 'resumen' and created_at < ${iso(before)}::timestamptz
      order by created_at, id
      for update`),
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    tipo: r.tipo,
    titulo: r.titulo,
    descripcion: r.descripcion,
    url: r.url,
    tag: r.tag,
    chatId: r.chat_id,
    createdAt: new Date(r.created_at),
  }));
}
