/**
 * Migration 0022_outcomes backfills what the engine now records (ADR 024): the outcome of deals
 * closed before it, a collateral deal's parent loan, and an active loan's reminder timers. Here deals
 * are made through the API (so the engine records everything), the columns and timers are erased as
 * a database from before the migration would have them, the migration's statements run again, and
 * the result must equal what the engine wrote.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, quietPool } from "../custody/custody.testkit.ts";
import { exchangeKit } from "../exchanges/exchanges.testkit.ts";
import { marketKit } from "../marketplace/marketplace.testkit.ts";

const MIGRATION = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle/0022_outcomes.sql");
const statements = readFileSync(MIGRATION, "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.replace(/^--.*$/gm, "").trim());
const statement = (start: string) => {
  const found = statements.filter((s) => s.startsWith(start));
  expect(found.length, start).toBeGreaterThan(0);
  return found;
};

let t: TestContext;
const k = kit(() => t);
const x = exchangeKit(() => t);
const m = marketKit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
});
afterAll(() => t.close());

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)) as unknown as { rows: T[] };
const run = async (statementsToRun: string[]) => {
  for (const s of statementsToRun) await t.database.db.execute(sql.raw(s));
};

it("outcomes of closed deals, collateral parents and active loans' reminders come back as the engine wrote them", async () => {
  const [seller, buyer, lender, borrower] = (await k.users(4)) as [TestUser, TestUser, TestUser, TestUser];
  await k.fund(buyer, 5000);
  await k.fund(borrower, 5000);
  // A sale confirmed and one cancelled by the seller.
  const a1 = await k.listFor(seller, { title: "Radio" });
  const s1 = json(await k.buy(buyer, a1._id, seller.id)).custodia;
  expect((await k.confirm(buyer, await k.codeOf(seller, s1._id))).statusCode).toBe(200);
  const a2 = await k.listFor(seller, { title: "Reloj" });
  const s2 = json(await k.buy(buyer, a2._id, seller.id)).custodia;
  expect((await k.cancel(seller, s2._id)).statusCode).toBe(200);
  // An exchange proposal withdrawn, one rejected.
  const mine = await x.asset(seller, { title: "Libro" });
  const theirs = await x.asset(buyer, { title: "Disco" });
  for (const [who, status] of [
    [seller, "cancelada"],
    [buyer, "rechazada"],
  ] as const) {
    const p = json(await x.propose(seller, mine._id, theirs._id, buyer.id)).data;
    expect((await x.setStatus(who, p._id, status)).statusCode).toBe(200);
  }
  // A shop purchase cancelled by an admin.
  const admin = await m.admin();
  const product = await m.product({ nombre: "Bono", creditos: 10, stock: 5 });
  const compra = json(await m.buy(buyer, product._id)).data.compraId as string;
  expect((await m.req("PATCH", admin, `/api/admin/compras/${compra}`, { estado: "cancelado" })).statusCode).toBe(200);
  // A loan guaranteed by an asset, approved (its collateral deal and reminders), and another returned.
  const lent = await k.listFor(lender, { mainPurpose: "prestar", title: "Escalera" });
  const collateral = await k.listFor(borrower, { title: "Patines" });
  const loan = json(
    await k.req("POST", borrower, "/api/loans/create", {
      activoId: lent._id,
      prestamistaId: lender.id,
      garantiaTipo: "activo_colateral",
      garantiaActivoId: collateral._id,
      plazoDias: 4,
    }),
  ).data;
  expect((await k.req("POST", lender, `/api/loans/approve/${loan._id}`)).statusCode).toBe(200);
  const lent2 = await k.listFor(lender, { mainPurpose: "prestar", title: "Carretilla" });
  const loan2 = json(
    await k.req("POST", borrower, "/api/loans/create", {
      activoId: lent2._id,
      prestamistaId: lender.id,
      garantiaTipo: "ninguna",
      plazoDias: 2,
    }),
  ).data;
  expect((await k.req("POST", lender, `/api/loans/approve/${loan2._id}`)).statusCode).toBe(200);
  expect((await k.req("POST", lender, `/api/loans/confirm-return/${loan2._id}`)).statusCode).toBe(200);

  const snapshot = () =>
    // The review rounds the completed deals opened (issue 19, after this migration) are not its business.
    rows<Record<string, unknown>>(sql`select id, process, state, outcome, outcome_role, outcome_proof, parent_id
      from deals where process <> 'resena' order by id`);
  const timers = () =>
    rows<Record<string, unknown>>(sql`select deal_id, name, transition, state, due_at from deal_timers
      where status = 'pendiente' and name in ('recordatorio', 'aviso_vencimiento') order by deal_id, name`);
  const before = await snapshot();
  const beforeTimers = await timers();
  expect(before.rows.filter((d) => d.outcome !== null)).toHaveLength(6);
  expect(before.rows.filter((d) => d.parent_id !== null)).toHaveLength(1);
  expect(beforeTimers.rows).toHaveLength(2);

  // As before the migration: no outcomes, no parents, no reminder timers.
  await t.database.db.execute(
    sql`update deals set outcome = null, outcome_role = null, outcome_proof = null, parent_id = null`,
  );
  await t.database.db.execute(
    sql`delete from deal_timers where status = 'pendiente' and name in ('recordatorio', 'aviso_vencimiento')`,
  );
  await run([
    ...statement('UPDATE "deals" d SET "outcome"'),
    ...statement('UPDATE "deals" d SET "parent_id"'),
    ...statement('INSERT INTO "deal_timers"'),
  ]);
  expect((await snapshot()).rows).toEqual(before.rows);
  expect((await timers()).rows).toEqual(beforeTimers.rows);
});
