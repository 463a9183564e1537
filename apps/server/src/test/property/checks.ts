/** The checks of the ledger property test: the database against the model, after every step and at the end. */
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../db/client.ts";
import { checkInvariants } from "../../modules/ledger/index.ts";
import type { Ctx, ModelAsset } from "./model.ts";

/** The invariants of economy.md, on `ids` (or on the whole database). */
export async function expectInvariants(db: Db, ids?: string[]) {
  const inv = await checkInvariants(db, ids ? { userIds: ids } : undefined);
  expect(inv.problems).toEqual([]);
  expect(inv).toMatchObject({
    sumIsZero: true,
    noNegative: true,
    balancesMatchTransfers: true,
    holdsMatchBloqueado: true,
  });
}

/** After every step: the invariants hold, and every balance of the run's people and the system is the model's. */
export async function expectDbEqualsModel({ db, ids, m }: Ctx) {
  await expectInvariants(db, ids);
  const res = await db.execute(sql`select user_id, kind, balance from accounts
    where user_id is null or user_id = any(string_to_array(${ids.join(",")}, ',')::uuid[])`);
  const rows = (res as unknown as { rows: { user_id: string | null; kind: string; balance: number }[] }).rows;
  const actual: Record<string, number> = {};
  // emision is several shard accounts (migration 0007_perf): a system kind's balance is the sum of its rows.
  for (const r of rows) {
    const key = r.user_id === null ? r.kind : `${ids.indexOf(r.user_id)}.${r.kind}`;
    actual[key] = (actual[key] ?? 0) + r.balance;
  }
  const expected: Record<string, number> = { ...m.sys };
  ids.forEach((_, i) => {
    expected[`${i}.disponible`] = m.disp[i]!;
    expected[`${i}.bloqueado`] = m.bloq[i]!;
  });
  expect(actual).toEqual(expected);
}

/** Every hold the run opened has the model's status and amount. */
export async function expectHoldsEqualModel({ db, m }: Ctx) {
  const refs = m.refs.map((r) => r.ref);
  if (refs.length === 0) return;
  const res = await db.execute(sql`select ref_id, status, amount from holds
    where ref_id = any(string_to_array(${refs.join(",")}, ',')::uuid[])`);
  const rows = (res as unknown as { rows: { ref_id: string; status: string; amount: number }[] }).rows;
  const actual = Object.fromEntries(rows.map((r) => [r.ref_id, `${r.status}:${r.amount}`]));
  const expected = Object.fromEntries(
    m.refs.filter((r) => r.hold).map((r) => [r.ref, `${r.hold!.status}:${r.hold!.amount}`]),
  );
  expect(actual).toEqual(expected);
}

export async function expectAssetStatus(db: Db, a: ModelAsset) {
  const res = await db.execute(sql`select status from assets where id = ${a.id}::uuid`);
  expect((res as unknown as { rows: { status: string }[] }).rows[0]?.status).toBe(a.status);
}
