/**
 * db/client.ts compileQuery (issue 21): drizzle's sqlToQuery for the chunks of a batch, without its
 * generic checks. The same text and values as drizzle's on a registration's whole batch; null (so
 * the caller uses drizzle's) for anything it does not know.
 */
import { eq, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { compileQuery } from "../../db/client.ts";
import { assets, movimientos } from "../../db/schema/index.ts";
import { type BatchPart, rows } from "../../lib/batch.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { movementPart, transactionPart } from "../activity/index.ts";
import { issueBlockedPart, userBalancesPart } from "../ledger/index.ts";
import { notifyParts } from "../notifications/index.ts";
import { insertAssetPart } from "./assets.repository.ts";

const dialect = new PgDialect();
const user = "0190a0a0-0000-7000-8000-000000000001";

describe("compileQuery", () => {
  it("compiles a registration's batch as drizzle does (text and values)", () => {
    const id = uuidv7();
    const parts: BatchPart[] = [
      insertAssetPart({
        id,
        userId: user,
        title: 'Aporte "x"',
        assetType: "bien",
        category: "Tecnología",
        images: [{ url: "/a.webp", thumbUrl: "/a-t.webp" }],
        baseValueCOP: 1000,
        creditosAsignados: 1,
        createdAt: new Date("2026-01-02T03:04:05Z"),
        hiddenAt: null,
        searchText: "aporte",
      }).part,
      userBalancesPart(user).part,
      movementPart({ userId: user, tipo: "publicar", descripcion: "d", valor: 1, assetId: id }),
      transactionPart({
        userId: user,
        type: "registro",
        assetId: id,
        amountCOP: 1000,
        amountCredits: 1,
        description: "d",
      }),
      ...notifyParts({ userId: user, tipo: "creditos_emitidos", titulo: "t", descripcion: "d", relacionadoId: id }),
      issueBlockedPart({ userId: user, amount: 1, refType: "activo", refId: id, actorUserId: null }).part as BatchPart,
    ];
    const q = sql`with ${sql.join(
      parts.map((p, i) => sql`${sql.raw(`p${i}`)} as (${p.sql})`),
      sql`, `,
    )} select 1`;
    const fast = compileQuery(q);
    const slow = dialect.sqlToQuery(q);
    expect(fast).not.toBeNull();
    expect(fast?.sql).toBe(slow.sql);
    expect(fast?.params).toEqual(slow.params);
  });

  it("leaves to drizzle what it does not know (columns, tables, placeholders, inlined values)", () => {
    expect(compileQuery(sql`select ${assets.id} from assets`)).toBeNull();
    expect(compileQuery(sql`select * from ${movimientos}`)).toBeNull();
    expect(compileQuery(sql`select ${sql.placeholder("x")}`)).toBeNull();
    expect(compileQuery(sql`select ${1}`.inlineParams())).toBeNull();
    expect(compileQuery(eq(assets.id, id0()) as never)).toBeNull();
    expect(
      compileQuery(rows.insert(movimientos).values({ id: id0(), userId: user, tipo: "x", descripcion: "y", valor: 1 })),
    ).not.toBeNull();
  });
});

const id0 = () => "0190a0a0-0000-7000-8000-000000000002";
