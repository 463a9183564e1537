import { ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { assets, users } from "../../db/schema/index.ts";

/** Calendar days of the history chart are days in Colombia (UTC-5, no daylight saving). */
export const REPORT_TIME_ZONE = "America/Bogota";

export async function countUsersAndActiveAssets(exec: Executor): Promise<{ usuarios: number; activos: number }> {
  const [row] = await exec
    .select({
      usuarios: sql<number>`(select count(*)::int from ${users})`,
      activos: sql<number>`count(*)::int`,
    })
    .from(assets)
    .where(ne(assets.status, "desactivado"));
  return { usuarios: row?.usuarios ?? 0, activos: row?.activos ?? 0 };
}

export interface DayTotals {
  fecha: string;
  emitidos: number;
  destruidos: number;
}

/**
 * Credits issued (transfers debiting an `emision` shard) and destroyed (transfers
 * crediting `destruccion`) per calendar day, for the `days` most recent days
 * that had any; oldest first. Both filters use the transfers' account indexes.
 */
export async function issuedAndDestroyedPerDay(exec: Executor, days: number): Promise<DayTotals[]> {
  const res = await exec.execute(sql`
    with sys as (
      -- emision is several shard accounts (migration 0007_perf); destruccion is one.
      select (select array_agg(id) from accounts where user_id is null and kind = 'emision') as em,
             (select id from accounts where user_id is null and kind = 'destruccion') as de
    ), t as (
      select t.amount, t.debit_account_id = any(sys.em) as issued, t.credit_account_id = sys.de as destroyed,
             to_char(t.created_at at time zone ${sql.raw(`'${REPORT_TIME_ZONE}'`)}, 'YYYY-MM-DD') as fecha
      from transfers t cross join sys
      where t.debit_account_id = any(sys.em) or t.credit_account_id = sys.de
    )
    select fecha,
           coalesce(sum(amount) filter (where issued), 0)::bigint as emitidos,
           coalesce(sum(amount) filter (where destroyed), 0)::bigint as destruidos
    from t group by fecha order by fecha desc limit ${days}`);
  const rows = (res as unknown as { rows: { fecha: string; emitidos: number | string; destruidos: number | string }[] })
    .rows;
  return rows
    .map((r) => ({ fecha: r.fecha, emitidos: Number(r.emitidos), destruidos: Number(r.destruidos) }))
    .reverse();
}
