/**
 * Pipelined statements (issue 21, db/client.ts executeBehind and lastStatement): a statement nobody
 * reads goes behind the transaction's next query, and the step's answer carries COMMIT, each in the
 * same round trip as what follows it. What a caller must be able to rely on: the same rows written
 * and read as without pipelining; a failed statement sent behind fails the next query with ITS error
 * (mapped as its caller asked), never "the transaction is aborted", and nothing of the transaction
 * survives; nothing can run inside a transaction after its last statement; an idempotent unit of
 * work, which writes after the work, never commits early. PGlite (no network) runs everything at
 * once and in order: the same results, with no round trips to count.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.ts";
import { createTestApp, type TestContext } from "../test/harness.ts";
import { countRoundTrips } from "../test/round-trips.ts";
import {
  CommitThenThrow,
  type Db,
  executeBehind,
  foreseeNext,
  lastStatement,
  readAhead,
  type Tx,
  transactionWith,
} from "./client.ts";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestContext;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await db.execute(sql`create table pipe_rows (id int primary key, v text not null)`);
});
afterAll(() => t?.close());

const insert = (id: number, v: string) => sql`insert into pipe_rows (id, v) values (${id}, ${v})`;
const read = async (x: Db | Tx, id: number) =>
  ((await x.execute(sql`select v from pipe_rows where id = ${id}`)) as unknown as { rows: { v: string }[] }).rows[0]?.v;
const count = async () =>
  Number(
    ((await db.execute(sql`select count(*)::int as n from pipe_rows`)) as unknown as { rows: { n: number }[] }).rows[0]
      ?.n,
  );

/** The messages and codes of an error and of its causes. */
function causes(e: unknown): string[] {
  const out: string[] = [];
  for (let c = e as { message?: string; code?: string; cause?: unknown } | undefined; c; c = c.cause as typeof c) {
    out.push(String(c.message), String(c.code));
  }
  return out;
}

describe("pipelined statements", () => {
  it("a statement sent behind travels with the next query, which sees it; COMMIT with the answer", async () => {
    const { result, trips, texts } = await countRoundTrips(() =>
      transactionWith(db, [], async (tx) => {
        await executeBehind(tx, insert(1, "uno"));
        await executeBehind(tx, insert(2, "dos"));
        return lastStatement(tx, () => read(tx, 2));
      }),
    );
    expect(result).toBe("dos");
    expect(await read(db, 1)).toBe("uno");
    if (onPostgres) {
      // BEGIN (nothing to read with it; it keeps the transaction's live events until after the
      // COMMIT, migration 0029), both inserts, the read and COMMIT: one round trip.
      expect(texts.map((x) => x.trim().split(/\s+/)[0]?.toLowerCase().replace(/;$/, ""))).toEqual([
        "begin",
        "insert",
        "insert",
        "select",
        "commit",
      ]);
      expect(texts[0]).toContain("set local valoriza.live_deferred = on");
      expect(trips).toBe(1);
    }
  });

  it("a failed statement sent behind fails the next query with its own error, mapped; nothing is kept", async () => {
    const before = await count();
    const mapped = new AppError("CONFLICT", "Ese registro ya existe");
    const toConflict = (e: unknown): never => {
      if (causes(e).includes("23505")) throw mapped;
      throw e;
    };
    let seen: unknown;
    await expect(
      transactionWith(db, [], async (tx) => {
        try {
          await executeBehind(tx, insert(3, "tres"));
          await executeBehind(tx, insert(1, "otra vez"), toConflict);
          // On PostgreSQL the caller of the next query sees the cause, as it would have without
          // pipelining (on PGlite the statement itself throws it).
          await read(tx, 3);
        } catch (e) {
          seen = e;
          throw e;
        }
        return "no";
      }),
    ).rejects.toBe(mapped);
    // The query that waited for it failed with it (the query builder wraps it, as any error).
    expect(seen === mapped || (seen as { cause?: unknown }).cause === mapped).toBe(true);
    // Row 3 was written before the failure: rolled back with the rest.
    expect(await count()).toBe(before);
    expect(await read(db, 3)).toBeUndefined();
    // The pool's connections are still good.
    expect(await read(db, 1)).toBe("uno");
  });

  it("COMMIT waits for a statement sent behind when nothing was read after it", async () => {
    const mapped = new AppError("CONFLICT", "Ese registro ya existe");
    await expect(
      transactionWith(db, [], async (tx) => {
        await executeBehind(tx, insert(4, "cuatro"));
        await executeBehind(tx, insert(2, "dos otra vez"), () => {
          throw mapped;
        });
        return "no";
      }),
    ).rejects.toBe(mapped);
    expect(await read(db, 4)).toBeUndefined();
    await transactionWith(db, [], async (tx) => executeBehind(tx, insert(5, "cinco")));
    expect(await read(db, 5)).toBe("cinco");
  });

  it.runIf(onPostgres)("nothing runs in the transaction after its last statement", async () => {
    await expect(
      transactionWith(db, [], async (tx) => {
        await executeBehind(tx, insert(6, "seis"));
        await lastStatement(tx, () => read(tx, 6));
        await tx.execute(insert(7, "siete"));
      }),
    ).rejects.toSatisfy((e) => causes(e).some((m) => /after the transaction's last one/.test(m)));
    // What came before the last statement was committed with it; nothing after it ran.
    expect(await read(db, 6)).toBe("seis");
    expect(await read(db, 7)).toBeUndefined();
  });

  it("a unit of work that writes after the work (idempotent) does not commit with the answer", async () => {
    await expect(
      transactionWith(
        db,
        [],
        async (tx) => {
          await tx.execute(insert(8, "ocho"));
          const v = await lastStatement(tx, () => read(tx, 8));
          expect(v).toBe("ocho");
          // Still inside the transaction: this failure rolls back row 8 too.
          await tx.execute(insert(8, "ocho otra vez"));
        },
        { commitEarly: false },
      ),
    ).rejects.toThrow();
    expect(await read(db, 8)).toBeUndefined();
  });

  it("reads foreseen after a query travel with it, answer as if sent then, and a different query drops them", async () => {
    await db.execute(insert(20, "veinte"));
    await db.execute(insert(21, "veintiuno"));
    const q20 = sql`select v from pipe_rows where id = ${20}`;
    const q21 = sql`select v from pipe_rows where id = ${21}`;
    const { result, trips, texts } = await countRoundTrips(() =>
      transactionWith(db, [], async (tx) => {
        foreseeNext(tx, [q20, q21]);
        // The query they go behind writes: they see it, as reads sent after it would.
        await tx.execute(sql`update pipe_rows set v = 'veinte bis' where id = 20`);
        const a = await read(tx, 20);
        const b = await read(tx, 21);
        return [a, b];
      }),
    );
    expect(result).toEqual(["veinte bis", "veintiuno"]);
    if (onPostgres) {
      // BEGIN, the update and both reads in one round trip; each read sent once; then COMMIT.
      expect(texts.filter((x) => /^select v from pipe_rows/.test(x))).toHaveLength(2);
      expect(trips).toBe(2);
    }
    // A query that is not the next one foreseen (here a write) drops the rest: a later read of
    // the same text is sent again and sees the write.
    const again = await transactionWith(db, [], async (tx) => {
      foreseeNext(tx, [q20, q21]);
      await tx.execute(sql`select 1`);
      await tx.execute(sql`update pipe_rows set v = 'cambiado' where id = 21`);
      return [await read(tx, 21), await read(tx, 20)];
    });
    expect(again).toEqual(["cambiado", "veinte bis"]);
  });

  it("a foreseen read after a failing statement is never answered: the statement's error is", async () => {
    const q = sql`select v from pipe_rows where id = ${1}`;
    await expect(
      transactionWith(db, [], async (tx) => {
        foreseeNext(tx, [q]);
        await tx.execute(insert(1, "repetida"));
        return read(tx, 1);
      }),
    ).rejects.toSatisfy((e) => causes(e).includes("23505"));
    expect(await read(db, 1)).toBe("uno");
  });

  it("a read made ahead answers later, after other statements, and is not sent past the transaction", async () => {
    await db.execute(insert(30, "treinta"));
    const q30 = sql`select v from pipe_rows where id = ${30}`;
    const { result, sent, trips } = await countRoundTrips(() =>
      transactionWith(db, [], async (tx) => {
        readAhead(tx, q30);
        await tx.execute(insert(31, "treinta y uno"));
        await read(tx, 31);
        return read(tx, 30);
      }),
    );
    expect(result).toBe("treinta");
    if (onPostgres) {
      // Sent once, right behind the insert (the first query after it was announced), and answered
      // later: BEGIN with the insert and it; the read of 31; COMMIT.
      const reads = sent.filter((x) => typeof x !== "string" && x.text.startsWith("select v from pipe_rows"));
      expect(reads).toHaveLength(2);
      expect(typeof reads[0] === "string" ? null : reads[0]?.values).toEqual([30]);
      expect(trips).toBe(3);
    }
    // Announced and never made, never sent: nothing follows COMMIT.
    const { texts: t2 } = await countRoundTrips(() =>
      transactionWith(db, [], async (tx) => {
        readAhead(tx, q30);
        return lastStatement(tx, () => read(tx, 31));
      }),
    );
    if (onPostgres) expect(t2.at(-1)?.trim().toLowerCase()).toBe("commit");
  });

  it("a work that fails with CommitThenThrow keeps its writes and throws its error", async () => {
    const refused = new AppError("VALIDATION", "Código incorrecto");
    await expect(
      transactionWith(db, [], async (tx) => {
        await tx.execute(insert(40, "cuarenta"));
        await executeBehind(tx, insert(41, "cuarenta y uno"));
        throw new CommitThenThrow(refused);
      }),
    ).rejects.toBe(refused);
    expect(await read(db, 40)).toBe("cuarenta");
    expect(await read(db, 41)).toBe("cuarenta y uno");
    // A failure behind it still rolls everything back, with its own cause.
    await expect(
      transactionWith(db, [], async (tx) => {
        await tx.execute(insert(42, "cuarenta y dos"));
        await executeBehind(tx, insert(40, "otra vez"));
        throw new CommitThenThrow(refused);
      }),
    ).rejects.toSatisfy((e) => e !== refused);
    expect(await read(db, 42)).toBeUndefined();
  });
});
