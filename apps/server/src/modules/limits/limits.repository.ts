import {
  AUTOMATIC_REVIEW_REASONS,
  DAY_MS,
  FAN_IN_WINDOW_DAYS,
  FAN_IN_YOUNG_ACCOUNT_DAYS,
  RELEASE_WINDOW_DAYS,
} from "@valoriza/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { adminActions } from "../../db/schema/index.ts";
import { registrationsSql } from "../ledger/index.ts";

/** Reads of the limit tables (ADR 015); modules/ledger writes the reviews, releases, receipts and flags. */

async function rows<T>(exec: Executor, q: SQL): Promise<T[]> {
  const res = await exec.execute(q);
  return (res as unknown as { rows: T[] }).rows;
}

const iso = (d: Date) => d.toISOString();
const AUTOMATIC = sql.raw(`(${AUTOMATIC_REVIEW_REASONS.map((r) => `'${r}'`).join(",")})`);
const ZERO_UUID = "00000000-0000-0000-0000-000000000000";
const openHold = (alias: string) =>
  sql.raw(
    `exists (select 1 from holds h where h.ref_type = 'revision' and h.ref_id = ${alias}.id and h.status = 'abierta')`,
  );

export interface ReviewListRow {
  id: string;
  user_id: string;
  asset_id: string | null;
  amount: unknown;
  granted: unknown;
  released: unknown;
  motivo: string;
  created_at: Date | string;
  title: string | null;
}

/** A person's reviews still 'en revisión' (with their hold open), oldest first. */
export function listPersonReviews(exec: Executor, userId: string) {
  return rows<ReviewListRow>(
    exec,
    sql`select r.id, r.user_id, r.asset_id, r.amount, r.granted, r.released, r.motivo, r.created_at, a.title
      from limit_reviews r left join assets a on a.id = r.asset_id
      where r.user_id = ${userId} and r.status = 'en_revision' and ${openHold("r")}
      order by r.created_at, r.id`,
  );
}

export interface PersonWindow {
  verified: boolean;
  raised: number | null;
  releases: { at: Date; amount: number }[];
}

/** A person's verification, raised window and the window's releases of the last 30 days. */
export async function personWindow(exec: Executor, userId: string, now: Date): Promise<PersonWindow> {
  const since = new Date(now.getTime() - RELEASE_WINDOW_DAYS * DAY_MS);
  const [u] = await rows<{ verified: boolean; raised: unknown }>(
    exec,
    sql`select u.verified, w.limite as raised from users u left join limit_windows w on w.user_id = u.id
      where u.id = ${userId}`,
  );
  const rel = await rows<{ released_at: Date | string; amount: unknown }>(
    exec,
    sql`select released_at, amount from limit_releases where user_id = ${userId} and tipo = 'ventana'
      and released_at > ${iso(since)} order by released_at`,
  );
  return {
    verified: u?.verified === true,
    raised: u?.raised == null ? null : Number(u.raised),
    releases: rel.map((r) => ({ at: new Date(r.released_at), amount: Number(r.amount) })),
  };
}

/**
 * Credits queued before `before` by other verified people (oldest first across the platform):
 * what the brake gives before this person's first waiting item.
 */
export async function queuedAhead(exec: Executor, userId: string, before: Date | string): Promise<number> {
  const [r] = await rows<{ s: unknown }>(
    exec,
    sql`select coalesce(sum(r.amount - r.granted), 0) as s from limit_reviews r join users u on u.id = r.user_id
      where r.status = 'en_revision' and r.motivo in ${AUTOMATIC} and r.granted < r.amount and u.verified
        and r.user_id <> ${userId} and r.created_at < ${iso(new Date(before))} and ${openHold("r")}`,
  );
  return Number(r?.s ?? 0);
}

export interface QueueRow extends ReviewListRow {
  name: string;
  email: string;
  verified: boolean;
  category: string | null;
  asset_type: string | null;
  base_value_cop: unknown;
  creditos_asignados: unknown;
}

/** Pending reviews, oldest first, with the person and the asset. */
export function listQueue(exec: Executor, limit: number) {
  return rows<QueueRow>(
    exec,
    sql`select r.id, r.user_id, r.asset_id, r.amount, r.granted, r.released, r.motivo, r.created_at,
        a.title, a.category, a.asset_type, a.base_value_cop, a.creditos_asignados,
        u.name, u.email, u.verified
      from limit_reviews r join users u on u.id = r.user_id left join assets a on a.id = r.asset_id
      where r.status = 'en_revision' and ${openHold("r")} order by r.created_at, r.id limit ${limit}`,
  );
}

/**
 * The evidence about a person, historical (issue 17): the registrations they made and the credits
 * those issued (also of assets they sold or gave away since), and the sales they completed.
 */
export async function personEvidence(exec: Executor, userId: string) {
  const [r] = await rows<{ n: unknown; issued: unknown; ventas: unknown }>(
    exec,
    sql`select reg.n, reg.issued,
        (select count(*) from deals d join custodias c on c.id = d.id
          where d.process = 'custodia' and d.state = 'confirmada' and c.tipo_transaccion = 'venta'
            and d.parties->>'oferente' = ${userId}) as ventas
      from (${registrationsSql(userId, ZERO_UUID, null)}) reg`,
  );
  return { registros: Number(r?.n ?? 0), creditosEmitidos: Number(r?.issued ?? 0), ventas: Number(r?.ventas ?? 0) };
}

export interface DealRow {
  id: string;
  process: string;
  state: string;
  parties: Record<string, string>;
}

/** The deals on an asset: its own and the exchange proposals that name it, newest first. */
export function dealsOfAsset(exec: Executor, assetId: string) {
  return rows<DealRow>(
    exec,
    sql`select id, process, state, parties from (
        select d.id, d.process, d.state, d.parties, d.created_at from deals d where d.asset_id = ${assetId}
        union
        select d.id, d.process, d.state, d.parties, d.created_at from exchange_proposals e join deals d on d.id = e.id
          where e.offered_asset_id = ${assetId} or e.requested_asset_id = ${assetId}
      ) x order by created_at desc limit 10`,
  );
}

export function usersByIds(exec: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return rows<{ id: string; name: string; email: string; verified: boolean }>(
    exec,
    sql`select id, name, email, verified from users where id in (${sql.join(
      ids.map((i) => sql`${i}::uuid`),
      sql`, `,
    )})`,
  );
}

export async function setVerified(exec: Executor, userId: string): Promise<boolean> {
  const r = await rows<{ id: string }>(
    exec,
    sql`update users set verified = true where id = ${userId} and verified = false returning id`,
  );
  return r.length > 0;
}

export async function findUser(exec: Executor, userId: string) {
  const [r] = await rows<{ id: string; verified: boolean; raised: unknown }>(
    exec,
    sql`select u.id, u.verified, w.limite as raised from users u left join limit_windows w on w.user_id = u.id
      where u.id = ${userId}`,
  );
  return r ? { id: r.id, verified: r.verified === true, raised: r.raised == null ? null : Number(r.raised) } : null;
}

/** An admin's raise of a person's window (upsert). */
export async function setWindow(exec: Executor, p: { userId: string; limite: number; adminId: string; now: Date }) {
  await exec.execute(sql`insert into limit_windows (user_id, limite, updated_by, updated_at)
    values (${p.userId}, ${p.limite}, ${p.adminId}, ${iso(p.now)})
    on conflict (user_id) do update set limite = excluded.limite, updated_by = excluded.updated_by,
      updated_at = excluded.updated_at`);
}

export async function logAdmin(
  exec: Executor,
  a: { adminId: string; accion: string; objetoTipo: string; objetoId: string; detalle: string },
) {
  await exec.insert(adminActions).values(a);
}

/** The report's figures: credits in review now, released (spendable) since `monthStart`, and the queue. */
export async function reviewTotals(exec: Executor, monthStart: Date, dayStart: Date) {
  const [r] = await rows<Record<string, unknown>>(
    exec,
    sql`select
      (select coalesce(sum(r.amount - r.released), 0) from limit_reviews r
        where r.status = 'en_revision' and ${openHold("r")}) as en_revision,
      (select coalesce(sum(amount), 0) from limit_releases where released_at >= ${iso(monthStart)}) as liberados,
      (select coalesce(sum(amount), 0) from limit_releases where tipo = 'ventana'
        and released_at >= ${iso(dayStart)}) as hoy,
      (select coalesce(sum(r.amount - r.granted), 0) from limit_reviews r join users u on u.id = r.user_id
        where r.status = 'en_revision' and r.motivo in ${AUTOMATIC} and r.granted < r.amount and u.verified
          and ${openHold("r")}) as cola,
      (select count(*) from limit_reviews r join users u on u.id = r.user_id
        where r.status = 'en_revision' and r.motivo in ${AUTOMATIC} and r.granted < r.amount and u.verified
          and ${openHold("r")}) as cola_n,
      (select coalesce(sum(r.amount - r.released), 0) from limit_reviews r join users u on u.id = r.user_id
        where r.status = 'en_revision' and (r.motivo in ${AUTOMATIC} or r.motivo = 'concentracion')
          and not u.verified and ${openHold("r")}) as sin_verificar`,
  );
  return {
    creditosEnRevision: Number(r?.en_revision ?? 0),
    creditosLiberadosMes: Number(r?.liberados ?? 0),
    liberadosHoy: Number(r?.hoy ?? 0),
    cola: Number(r?.cola ?? 0),
    colaRevisiones: Number(r?.cola_n ?? 0),
    esperanVerificacion: Number(r?.sin_verificar ?? 0),
  };
}

export interface FlagRow {
  id: string;
  user_id: string;
  created_at: Date | string;
  name: string;
  email: string;
  verified: boolean;
}

/** Open fan-in signals, oldest first, with the person. */
export function listOpenFlags(exec: Executor, limit: number) {
  return rows<FlagRow>(
    exec,
    sql`select f.id, f.user_id, f.created_at, u.name, u.email, u.verified
      from limit_flags f join users u on u.id = f.user_id
      where f.status = 'abierta' order by f.created_at, f.id limit ${limit}`,
  );
}

/** The young accounts that sent a person credits in the 7 days up to `at` (the fan-in evidence). */
export function fanInSenders(exec: Executor, userId: string, at: Date | string) {
  const end = new Date(at);
  const since = new Date(end.getTime() - FAN_IN_WINDOW_DAYS * DAY_MS);
  return rows<{ id: string; name: string; email: string; created_at: Date | string; credits: unknown }>(
    exec,
    sql`select s.id, s.name, s.email, s.created_at, sum(lr.amount) as credits
      from limit_receipts lr join users s on s.id = lr.from_user_id
      where lr.user_id = ${userId} and lr.received_at > ${iso(since)} and lr.received_at <= ${iso(end)}
        and s.created_at > lr.received_at - ${`${FAN_IN_YOUNG_ACCOUNT_DAYS} days`}::interval
      group by s.id, s.name, s.email, s.created_at order by min(lr.received_at)`,
  );
}

/** Marks an open signal as reviewed: false when it is unknown or already reviewed. */
export async function closeFlag(exec: Executor, p: { id: string; adminId: string; now: Date }) {
  const r = await rows<{ id: string; user_id: string }>(
    exec,
    sql`update limit_flags set status = 'revisada', resolved_at = ${iso(p.now)}, resolved_by = ${p.adminId}
      where id = ${p.id} and status = 'abierta' returning id, user_id`,
  );
  return r[0] ?? null;
}

export async function flagExists(exec: Executor, id: string): Promise<boolean> {
  return (await rows<{ id: string }>(exec, sql`select id from limit_flags where id = ${id}`)).length > 0;
}
