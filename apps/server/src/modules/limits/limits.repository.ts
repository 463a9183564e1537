import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { adminActions } from "../../db/schema/index.ts";

/** Reads of the limit tables (ADR 015); modules/ledger writes them. */

async function rows<T>(exec: Executor, q: ReturnType<typeof sql>): Promise<T[]> {
  const res = await exec.execute(q);
  return (res as unknown as { rows: T[] }).rows;
}

export interface ReviewListRow {
  id: string;
  user_id: string;
  asset_id: string | null;
  amount: unknown;
  motivo: string;
  created_at: Date | string;
  title: string | null;
}

export function listPersonReviews(exec: Executor, userId: string) {
  return rows<ReviewListRow>(
    exec,
    sql`select r.id, r.user_id, r.asset_id, r.amount, r.motivo, r.created_at, a.title
      from limit_reviews r left join assets a on a.id = r.asset_id
      where r.user_id = ${userId} and r.status = 'en_revision' order by r.created_at, r.id`,
  );
}

export async function windowReleased(exec: Executor, userId: string, since: Date): Promise<number> {
  const [r] = await rows<{ s: unknown }>(
    exec,
    sql`select coalesce(sum(amount), 0) as s from limit_releases
      where user_id = ${userId} and tipo = 'ventana' and released_at > ${since.toISOString()}`,
  );
  return Number(r?.s ?? 0);
}

export async function isVerified(exec: Executor, userId: string): Promise<boolean> {
  const [r] = await rows<{ v: boolean }>(exec, sql`select verified as v from users where id = ${userId}`);
  return r?.v === true;
}

export interface QueueRow extends ReviewListRow {
  name: string;
  email: string;
  verified: boolean;
  registros: unknown;
  emitidos: unknown;
  category: string | null;
  asset_type: string | null;
  base_value_cop: unknown;
  creditos_asignados: unknown;
}

/** Pending reviews, oldest first, with the person and the asset. */
export function listQueue(exec: Executor, limit: number) {
  return rows<QueueRow>(
    exec,
    sql`select r.id, r.user_id, r.asset_id, r.amount, r.motivo, r.created_at,
        a.title, a.category, a.asset_type, a.base_value_cop, a.creditos_asignados,
        u.name, u.email, u.verified,
        (select count(*) from assets x where x.user_id = r.user_id) as registros,
        (select coalesce(sum(x.creditos_asignados), 0) from assets x where x.user_id = r.user_id) as emitidos
      from limit_reviews r join users u on u.id = r.user_id left join assets a on a.id = r.asset_id
      where r.status = 'en_revision' order by r.created_at, r.id limit ${limit}`,
  );
}

export interface DealRow {
  id: string;
  process: string;
  state: string;
  parties: Record<string, string>;
}

export function dealsOfAsset(exec: Executor, assetId: string) {
  return rows<DealRow>(
    exec,
    sql`select id, process, state, parties from deals where asset_id = ${assetId} order by created_at desc limit 10`,
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

export async function userExists(exec: Executor, userId: string): Promise<boolean> {
  const r = await rows<{ id: string }>(exec, sql`select id from users where id = ${userId}`);
  return r.length > 0;
}

export async function logAdmin(
  exec: Executor,
  a: { adminId: string; accion: string; objetoTipo: string; objetoId: string; detalle: string },
) {
  await exec.insert(adminActions).values(a);
}

/** The report's figures: credits in review now, and released (spendable) since `monthStart`. */
export async function reviewTotals(exec: Executor, monthStart: Date) {
  const [r] = await rows<{ en_revision: unknown; liberados: unknown }>(
    exec,
    sql`select
      (select coalesce(sum(amount), 0) from limit_reviews where status = 'en_revision') as en_revision,
      (select coalesce(sum(amount), 0) from limit_releases where released_at >= ${monthStart.toISOString()}) as liberados`,
  );
  return { creditosEnRevision: Number(r?.en_revision ?? 0), creditosLiberadosMes: Number(r?.liberados ?? 0) };
}
