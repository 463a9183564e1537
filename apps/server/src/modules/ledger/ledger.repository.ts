import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { mapLedgerError } from "./ledger.errors.ts";

/**
 * Raw SQL of the ledger: calls of the stored functions of drizzle/0001_ledger.sql
 * (one round trip each) and the read queries. Every function takes the
 * caller's executor (usually its open transaction).
 */

export const SYSTEM_ACCOUNTS = ["emision", "destruccion", "custodia", "tienda", "retiros"] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

async function rows<T>(exec: Executor, query: SQL): Promise<T[]> {
  try {
    const res = await exec.execute(query);
    return (res as unknown as { rows: T[] }).rows;
  } catch (e) {
    mapLedgerError(e);
  }
}

async function one<T>(exec: Executor, query: SQL): Promise<T> {
  const r = await rows<T>(exec, query);
  if (!r[0]) throw new Error("ledger: the query returned no row");
  return r[0];
}

const ms = (col: SQL) => sql`floor(extract(epoch from ${col}) * 1000)::bigint`;

// ---------------------------------------------------------------------------
// Movements
// ---------------------------------------------------------------------------

export interface MoveRow {
  status: "ok" | "insufficient";
  transfer_id: number | null;
  debit_balance: number | null;
  credit_balance: number | null;
}

export interface MoveParams {
  debitUser: string | null;
  debitKind: string;
  creditUser: string | null;
  creditKind: string;
  amount: number;
  kind: string;
  refType: string | null;
  refId: string | null;
  actorUserId: string | null;
  description: string;
}

/** ledger_move: a plain transfer between accounts named by owner and kind. */
export function callMove(exec: Executor, p: MoveParams): Promise<MoveRow> {
  return one<MoveRow>(
    exec,
    sql`select * from ledger_move(${p.debitUser}::uuid, ${p.debitKind}::text, ${p.creditUser}::uuid,
      ${p.creditKind}::text, ${p.amount}::bigint, ${p.kind}::text, ${p.refType}::text, ${p.refId}::uuid,
      ${p.actorUserId}::uuid, ${p.description}::text)`,
  );
}

export interface RawTransferParams {
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  kind: string;
  refType?: string | null;
  refId?: string | null;
  actorUserId?: string | null;
  description?: string;
}

/**
 * The SQL text of one raw transfer between account ids ($1 debit, $2 credit,
 * $3 amount, $4 kind): for a benchmark that drives a pg/PGlite client directly.
 * Returns one row (status, transfer_id, debit_balance, credit_balance).
 */
export const LEDGER_TRANSFER_SQL =
  "select * from ledger_transfer($1::bigint, $2::bigint, $3::bigint, $4::text, null, null, null, null, '')";

/** ledger_transfer: one transfer between two account ids, in one round trip (no hold; not for bloqueado). */
export function callTransferByIds(exec: Executor, p: RawTransferParams): Promise<MoveRow> {
  return one<MoveRow>(
    exec,
    sql`select * from ledger_transfer(${p.debitAccountId}::bigint, ${p.creditAccountId}::bigint,
      ${p.amount}::bigint, ${p.kind}::text, ${p.refType ?? null}::text, ${p.refId ?? null}::uuid,
      ${p.actorUserId ?? null}::uuid, null, ${p.description ?? ""}::text)`,
  );
}

/** The id of a user account (opened on first use) or of a system account (userId null). */
export async function accountId(exec: Executor, userId: string | null, kind: string): Promise<number> {
  const r = await one<{ id: number }>(exec, sql`select ledger_account_id(${userId}::uuid, ${kind}::text) as id`);
  return r.id;
}

export interface HoldOpenRow {
  status: "ok" | "insufficient" | "duplicate";
  hold_id: number | null;
  transfer_id: number | null;
  debit_balance: number | null;
  credit_balance: number | null;
}

export interface HoldOpenParams {
  userId: string;
  source: "emision" | "disponible";
  amount: number;
  kind: string;
  refType: string;
  refId: string;
  actorUserId: string | null;
  description: string;
}

/** The hold-opening call as SQL (one row: HoldOpenRow), alone or inside a batch (lib/batch.ts). */
export const holdOpenSql = (p: HoldOpenParams): SQL =>
  sql`select * from ledger_hold_open(${p.userId}::uuid, ${p.source}::text, ${p.amount}::bigint, ${p.kind}::text,
      ${p.refType}::text, ${p.refId}::uuid, ${p.actorUserId}::uuid, ${p.description}::text)`;

export function callHoldOpen(exec: Executor, p: HoldOpenParams): Promise<HoldOpenRow> {
  return one<HoldOpenRow>(exec, holdOpenSql(p));
}

export type HoldStatus = "abierta" | "liberada" | "destruida" | "ejecutada";

export interface HoldResolveRow {
  status: "ok" | "already_resolved" | "no_hold";
  hold_id: number | null;
  user_id: string | null;
  amount: number;
  hold_status: Exclude<HoldStatus, "abierta"> | null;
  transfer_id: number | null;
  debit_balance: number | null;
  credit_balance: number | null;
}

export function callHoldResolve(
  exec: Executor,
  p: {
    refType: string;
    refId: string;
    resolution: "liberada" | "destruida" | "ejecutada";
    toUserId: string | null;
    kind: string;
    actorUserId: string | null;
    description: string;
  },
): Promise<HoldResolveRow> {
  return one<HoldResolveRow>(
    exec,
    sql`select * from ledger_hold_resolve(${p.refType}::text, ${p.refId}::uuid, ${p.resolution}::text,
      ${p.toUserId}::uuid, ${p.kind}::text, ${p.actorUserId}::uuid, ${p.description}::text)`,
  );
}

// ---------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------

export interface HoldRow {
  id: number;
  userId: string;
  amount: number;
  refType: string;
  refId: string;
  status: HoldStatus;
  createdTransferId: number | null;
  resolvedTransferId: number | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

type RawHold = {
  id: number;
  user_id: string;
  amount: number;
  ref_type: string;
  ref_id: string;
  status: HoldStatus;
  created_transfer_id: number | null;
  resolved_transfer_id: number | null;
  created_ms: number;
  resolved_ms: number | null;
};

const holdColumns = sql`h.id, h.user_id, h.amount, h.ref_type, h.ref_id, h.status, h.created_transfer_id,
  h.resolved_transfer_id, ${ms(sql`h.created_at`)} as created_ms, ${ms(sql`h.resolved_at`)} as resolved_ms`;

const toHold = (r: RawHold): HoldRow => ({
  id: r.id,
  userId: r.user_id,
  amount: r.amount,
  refType: r.ref_type,
  refId: r.ref_id,
  status: r.status,
  createdTransferId: r.created_transfer_id,
  resolvedTransferId: r.resolved_transfer_id,
  createdAt: new Date(r.created_ms),
  resolvedAt: r.resolved_ms === null ? null : new Date(r.resolved_ms),
});

/** The latest hold of a reference (open or resolved), or null. */
export async function selectHold(exec: Executor, refType: string, refId: string): Promise<HoldRow | null> {
  const r = await rows<RawHold>(
    exec,
    sql`select ${holdColumns} from holds h where h.ref_type = ${refType} and h.ref_id = ${refId}::uuid
      order by h.id desc limit 1`,
  );
  return r[0] ? toHold(r[0]) : null;
}

/**
 * The amount of the latest hold of (refType, refId) while it is open, else 0, as a value to read
 * inside another area's statement (a custody's `creditosActivo` read with its insert).
 */
export function openHoldAmountSql(refType: string, refId: string): SQL {
  return sql`coalesce((select case when h.status = 'abierta' then h.amount else 0 end from holds h
    where h.ref_type = ${refType} and h.ref_id = ${refId}::uuid order by h.id desc limit 1), 0)`;
}

export async function selectOpenHolds(exec: Executor, userId: string): Promise<HoldRow[]> {
  const r = await rows<RawHold>(
    exec,
    sql`select ${holdColumns} from holds h where h.user_id = ${userId}::uuid and h.status = 'abierta' order by h.id`,
  );
  return r.map(toHold);
}

export interface AccountTotals {
  emision: number;
  destruccion: number;
  custodia: number;
  tienda: number;
  retiros: number;
  /** Sum of all users' disponible. */
  disponible: number;
  /** Sum of all users' bloqueado. */
  bloqueado: number;
  /** Sum of every account: 0 when the ledger is balanced. */
  total: number;
}

/** Every aggregate of the accounts table, read in one statement (one snapshot). */
export function selectAccountTotals(exec: Executor): Promise<AccountTotals> {
  const sys = (k: SystemAccount) =>
    sql`coalesce(sum(balance) filter (where user_id is null and kind = ${sql.raw(`'${k}'`)}), 0)::bigint`;
  return one<AccountTotals>(
    exec,
    sql`select ${sys("emision")} as emision, ${sys("destruccion")} as destruccion, ${sys("custodia")} as custodia,
      ${sys("tienda")} as tienda, ${sys("retiros")} as retiros,
      coalesce(sum(balance) filter (where user_id is not null and kind = 'disponible'), 0)::bigint as disponible,
      coalesce(sum(balance) filter (where user_id is not null and kind = 'bloqueado'), 0)::bigint as bloqueado,
      coalesce(sum(balance), 0)::bigint as total
    from accounts`,
  );
}

export interface UserTransferRaw {
  id: number;
  kind: string;
  description: string;
  amount: number;
  ref_type: string | null;
  ref_id: string | null;
  hold_id: number | null;
  created_ms: number;
  d_disp: number;
  d_bloq: number;
  counterparty_user_id: string | null;
  counterparty_kind: string;
  balance_after: number;
  available_after: number;
}

/**
 * The latest `limit` transfers touching a user's accounts, newest first, with
 * the user's total and disponible after each one. Those are derived backwards
 * from the current balances (same statement, same snapshot), so the query
 * reads only `limit` rows per account whatever the length of the history.
 */
export function selectUserTransfers(exec: Executor, userId: string, limit: number): Promise<UserTransferRaw[]> {
  return rows<UserTransferRaw>(
    exec,
    sql`with a as (
      select (select id from accounts where user_id = ${userId}::uuid and kind = 'disponible') as disp,
             (select id from accounts where user_id = ${userId}::uuid and kind = 'bloqueado') as bloq
    ), ids as (
      (select t.id from transfers t where t.debit_account_id = (select disp from a) order by t.id desc limit ${limit})
      union
      (select t.id from transfers t where t.credit_account_id = (select disp from a) order by t.id desc limit ${limit})
      union
      (select t.id from transfers t where t.debit_account_id = (select bloq from a) order by t.id desc limit ${limit})
      union
      (select t.id from transfers t where t.credit_account_id = (select bloq from a) order by t.id desc limit ${limit})
    ), r as (
      select t.id, t.kind, t.description, t.amount, t.ref_type, t.ref_id, t.hold_id, t.created_at,
        t.debit_account_id, t.credit_account_id, a.disp, a.bloq,
        (case when t.credit_account_id = a.disp then t.amount else 0 end)
          - (case when t.debit_account_id = a.disp then t.amount else 0 end) as d_disp,
        (case when t.credit_account_id = a.bloq then t.amount else 0 end)
          - (case when t.debit_account_id = a.bloq then t.amount else 0 end) as d_bloq
      from transfers t join ids on ids.id = t.id cross join a
      order by t.id desc limit ${limit}
    ), bal as (
      select coalesce(sum(balance), 0)::bigint as total_now,
             coalesce(sum(balance) filter (where kind = 'disponible'), 0)::bigint as disp_now
      from accounts where user_id = ${userId}::uuid
    )
    select r.id, r.kind, r.description, r.amount, r.ref_type, r.ref_id, r.hold_id,
      ${ms(sql`r.created_at`)} as created_ms, r.d_disp, r.d_bloq,
      c.user_id as counterparty_user_id, c.kind as counterparty_kind,
      (bal.total_now - coalesce(sum(r.d_disp + r.d_bloq) over w, 0))::bigint as balance_after,
      (bal.disp_now - coalesce(sum(r.d_disp) over w, 0))::bigint as available_after
    from r cross join bal
    join accounts c on c.id = case when r.debit_account_id in (r.disp, r.bloq) then r.credit_account_id
                                   else r.debit_account_id end
    window w as (order by r.id desc rows between unbounded preceding and 1 preceding)
    order by r.id desc`,
  );
}

export interface InvariantsRaw {
  total: number;
  negatives: number;
  bad_balances: number;
  bad_holds: number;
  problems: string[];
}

/**
 * All four invariants of economy.md. The verdicts come from one statement (one
 * snapshot); only when something is wrong does a second statement describe it.
 * With `userIds`, invariants 3 and 4 are checked only for those users'
 * accounts, through index lookups; 1 and 2 are always global.
 */
export async function selectInvariants(exec: Executor, userIds?: readonly string[]): Promise<InvariantsRaw> {
  const inScope = (col: SQL) =>
    userIds ? sql`${col} = any(string_to_array(${userIds.join(",")}::text, ',')::uuid[])` : sql`true`;
  // Invariant 3: scoped, sum each account's transfers through the (account, id) indexes;
  // global, aggregate the whole transfers table once.
  const badBalance = userIds
    ? sql`select s.id, s.user_id, s.kind, s.balance, (c.s - d.s) as moved
        from scope_acc s
        cross join lateral (select coalesce(sum(t.amount), 0)::bigint as s from transfers t
                            where t.credit_account_id = s.id) c
        cross join lateral (select coalesce(sum(t.amount), 0)::bigint as s from transfers t
                            where t.debit_account_id = s.id) d
        where s.balance <> c.s - d.s`
    : sql`select s.id, s.user_id, s.kind, s.balance, coalesce(m.s, 0) as moved
        from scope_acc s left join (
          select x.account_id, sum(x.delta)::bigint as s from (
            select credit_account_id as account_id, amount as delta from transfers
            union all
            select debit_account_id, -amount from transfers
          ) x group by x.account_id
        ) m on m.account_id = s.id
        where s.balance <> coalesce(m.s, 0)`;
  const ctes = sql`with scope_acc as (
      select a.id, a.user_id, a.kind, a.balance from accounts a where ${inScope(sql`a.user_id`)}
    ), bad_balance as (${badBalance}
    ), open_holds as (
      select h.user_id, sum(h.amount)::bigint as s from holds h
      where h.status = 'abierta' and ${inScope(sql`h.user_id`)}
      group by h.user_id
    ), bad_holds as (
      select coalesce(b.user_id, o.user_id) as user_id, coalesce(b.balance, 0) as bloqueado, coalesce(o.s, 0) as held
      from (select user_id, balance from scope_acc where kind = 'bloqueado') b
      full join open_holds o on o.user_id = b.user_id
      where coalesce(b.balance, 0) <> coalesce(o.s, 0)
    )`;
  const verdict = await one<Omit<InvariantsRaw, "problems">>(
    exec,
    sql`${ctes}
    select (select coalesce(sum(balance), 0)::bigint from accounts) as total,
      (select count(*) from accounts where kind <> 'emision' and balance < 0)::bigint as negatives,
      (select count(*) from bad_balance)::bigint as bad_balances,
      (select count(*) from bad_holds)::bigint as bad_holds`,
  );
  if (verdict.total === 0 && verdict.negatives === 0 && verdict.bad_balances === 0 && verdict.bad_holds === 0) {
    return { ...verdict, problems: [] };
  }
  const described = await rows<{ p: string }>(
    exec,
    sql`${ctes}, totals as (select coalesce(sum(balance), 0)::bigint as total from accounts)
    select 'La suma de todos los saldos es ' || total || ', no 0' as p from totals where total <> 0
    union all
    (select 'La cuenta ' || id || ' (' || kind || coalesce(' de ' || user_id, '') || ') tiene saldo negativo: ' || balance
      from accounts where kind <> 'emision' and balance < 0 order by id limit 20)
    union all
    (select 'La cuenta ' || id || ' (' || kind || coalesce(' de ' || user_id, '') || ') tiene saldo ' || balance
      || ' pero sus transferencias suman ' || moved from bad_balance order by id limit 20)
    union all
    (select 'El usuario ' || user_id || ' tiene ' || bloqueado || ' bloqueados pero sus retenciones abiertas suman '
      || held from bad_holds order by user_id limit 20)`,
  );
  return { ...verdict, problems: described.map((r) => r.p) };
}
