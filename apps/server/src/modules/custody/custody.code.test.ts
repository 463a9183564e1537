/**
 * One constant for the custody code's length (issue 18 item 3): CODE_LENGTH in the domain package.
 * The database keeps its own CHECK on custodias.codigo (migration 0004_deals, `^[0-9]{6}$`); this
 * reads it back from the migrated database (PGlite and PostgreSQL) and compares it with the constant,
 * and drawn codes have that length.
 */
import { CODE_LENGTH, CODE_SPACE, CUSTODY_CODE_RE } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, quietPool } from "./custody.testkit.ts";

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
});
afterAll(() => t.close());

it("the SQL CHECK of custodias.codigo asks for CODE_LENGTH digits", async () => {
  const r = await t.database.db.execute(sql`select pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_class t on t.oid = c.conrelid where t.relname = 'custodias' and c.conname = 'custodias_codigo'`);
  const def = (r as unknown as { rows: { def: string }[] }).rows[0]?.def ?? "";
  expect(def).toMatch(/\[0-9\]\{\d+\}/);
  expect(Number(/\{(\d+)\}/.exec(def)?.[1])).toBe(CODE_LENGTH);
  expect(CODE_SPACE).toBe(10 ** CODE_LENGTH);
});

it("a custody's code has CODE_LENGTH digits, and the database refuses one digit more", async () => {
  const [seller, buyer] = (await k.users(2)) as [TestUser, TestUser];
  await k.fund(buyer, 5000);
  const asset = await k.listFor(seller);
  const c = json(await k.buy(buyer, asset._id, seller.id)).custodia;
  const code = await k.codeOf(seller, c._id);
  expect(code).toHaveLength(CODE_LENGTH);
  expect(code).toMatch(CUSTODY_CODE_RE);
  await expect(
    t.database.db.execute(sql`update custodias set codigo = ${`${code}0`} where id = ${c._id}::uuid`),
  ).rejects.toThrow();
});
