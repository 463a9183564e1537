import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/**
 * The /status figures, counted from the tables (never stored):
 * totalUsers = accounts; activeUsers = accounts with a listed asset or a deal in the last 30 days;
 * availableAssets = public assets in activo/disponible; totalTransactions = deals of any kind
 * (sales, custodies, exchanges, loans, rentals, donations, marketplace purchases, withdrawals); a
 * sub-process deal (a loan's collateral, ADR 014) is part of its parent deal (`parent_id`, ADR 024),
 * so it is not counted again. No process is named here.
 */
export async function overview(exec: Executor) {
  const res = await exec.execute(sql`select
    (select count(*) from users)::int as "totalUsers",
    (select count(*) from deals where parent_id is null)::int as "totalTransactions",
    (select count(*) from assets where privacy = 'publico' and status in ('activo', 'disponible'))::int as "availableAssets",
    (select count(*) from users u where exists (select 1 from assets a where a.user_id = u.id and a.status in ('activo', 'disponible'))
       or exists (select 1 from deals d where d.created_at > now() - interval '30 days'
         and exists (select 1 from jsonb_each_text(d.parties) p where p.value = u.id::text)))::int as "activeUsers"`);
  const r = (res as unknown as { rows: Record<string, number>[] }).rows[0] ?? {};
  return {
    totalUsers: Number(r.totalUsers ?? 0),
    totalTransactions: Number(r.totalTransactions ?? 0),
    activeUsers: Number(r.activeUsers ?? 0),
    availableAssets: Number(r.availableAssets ?? 0),
  };
}
