/**
 * Foreseen reads (issue 21, db/client.ts foresee): a transaction's first reads travel with BEGIN and
 * the code's own queries are answered from them, while each is exactly the next one foreseen. What a
 * caller must be able to rely on: the same rows as without foreseeing (dates, numbers, json, arrays
 * mode and objects mode), one round trip for all of them, and never a stale answer: the first query
 * that differs drops the rest, so a read after the transaction's own write sees that write.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestContext } from "../test/harness.ts";
import { countRoundTrips } from "../test/round-trips.ts";
import { type Db, foresee, foreseeIfSafe, queryBuilder, type Tx, transactionWith } from "./client.ts";
import { users } from "./schema/index.ts";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestContext;
let db: Db;
let ids: string[];

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  ids = [];
  for (const name of ["Ana", "Beto"]) ids.push((await signUp(t.app, { name })).id);
});
afterAll(() => t?.close());

const userQuery = (x: Db, id: string) =>
  x.select({ id: users.id, name: users.name, createdAt: users.createdAt }).from(users).where(eq(users.id, id));
const countSql = (id: string) =>
  sql`select count(*)::int as n, max(created_at) as at from users where id = ${id}::uuid`;
const rawRows = async (x: Tx, id: string) =>
  ((await x.execute(countSql(id))) as unknown as { rows: Record<string, unknown>[] }).rows;

async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; trips: number }> {
  const { result, trips } = await countRoundTrips(fn);
  return { value: result, trips };
}

describe("foreseen reads", () => {
  it("answer the same rows as the reads themselves, builder and execute alike", async () => {
    const [a] = ids as [string];
    const plain = await transactionWith(db, [], async (tx) => ({
      row: await userQuery(tx as unknown as Db, a),
      raw: await rawRows(tx, a),
    }));
    const { value: seen, trips } = await counted(() =>
      transactionWith(db, [foresee(userQuery(queryBuilder, a)), foresee(countSql(a))], async (tx) => ({
        row: await userQuery(tx as unknown as Db, a),
        raw: await rawRows(tx, a),
      })),
    );
    expect(seen).toEqual(plain);
    expect(seen.row[0]?.createdAt).toBeInstanceOf(Date);
    expect(seen.row[0]?.name).toBe("Ana");
    // BEGIN with both reads, then COMMIT (PGlite has no round trips to count).
    if (onPostgres) expect(trips).toBe(2);
  });

  it("a read that is not the one foreseen is made as usual, and drops what was foreseen after it", async () => {
    const [a, b] = ids as [string, string];
    const { value, trips } = await counted(() =>
      transactionWith(db, [foresee(userQuery(queryBuilder, a)), foresee(countSql(a))], async (tx) => {
        const first = await userQuery(tx as unknown as Db, b);
        const second = await rawRows(tx, a);
        return { first, second };
      }),
    );
    expect(value.first[0]?.name).toBe("Beto");
    expect(value.second[0]?.n).toBe(1);
    if (onPostgres) expect(trips).toBe(4);
  });

  it("never answers from before the transaction's own write", async () => {
    const [a] = ids as [string];
    const names = await transactionWith(db, [foresee(userQuery(queryBuilder, a))], async (tx) => {
      await tx.update(users).set({ name: "Ana María" }).where(eq(users.id, a));
      return (await userQuery(tx as unknown as Db, a)).map((r) => r.name);
    });
    expect(names).toEqual(["Ana María"]);
    await db.update(users).set({ name: "Ana" }).where(eq(users.id, a));
  });

  it("inlines only plain values: a quote or a backslash is never written into a statement", () => {
    const q = (v: string) => queryBuilder.select({ id: users.id }).from(users).where(eq(users.name, v));
    expect(() => foresee(q("O'Brien"))).toThrow(/cannot be inlined/);
    expect(foreseeIfSafe(q("a\\' or 1=1 --"))).toEqual([]);
    expect(foreseeIfSafe(q("Ana"))).toHaveLength(1);
  });

  it("a failed transaction leaves the pooled connection as it was", async () => {
    const [a] = ids as [string];
    await expect(
      transactionWith(db, [foresee(userQuery(queryBuilder, a))], async () => {
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    await db.update(users).set({ name: "Ana Lucía" }).where(eq(users.id, a));
    // The next transaction on the pool (the same connection: the pool hands back the last one
    // released) reads the row as it is now, not what the failed one had foreseen.
    const rows = await transactionWith(db, [], async (tx) => userQuery(tx as unknown as Db, a));
    expect(rows[0]?.name).toBe("Ana Lucía");
    await db.update(users).set({ name: "Ana" }).where(eq(users.id, a));
  });
});
