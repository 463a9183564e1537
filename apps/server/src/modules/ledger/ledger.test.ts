import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { freshDatabase } from "../../test/harness.ts";
import { mapLedgerError } from "./ledger.errors.ts";
import {
  blockFromAvailable,
  checkInvariants,
  destroyHold,
  executeHold,
  getAccountId,
  getEconomyTotals,
  getHold,
  getSystemBalances,
  getUserBalances,
  INSUFFICIENT_FUNDS_MESSAGE,
  issueBlocked,
  LEDGER_TRANSFER_SQL,
  listOpenHolds,
  listUserTransfers,
  openHold,
  openUserAccounts,
  rawTransfer,
  releaseHold,
  transfer,
} from "./ledger.service.ts";
import { caught, createUser, inRolledBackTx, ledgerFingerprint, quietPoolErrors } from "./ledger.testkit.ts";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  quietPoolErrors(database);
});
afterAll(() => drop());

const db = () => database.db;
const tx = <T>(fn: (tx: Executor) => Promise<T>) => db().transaction((t) => fn(t));

const issue = (userId: string, amount: number, refId = uuidv7()) =>
  tx((t) =>
    issueBlocked(t, { userId, amount, refType: "activo", refId, actorUserId: userId, description: "Registro" }),
  );
const release = (refId: string, refType = "activo") => tx((t) => releaseHold(t, { refType, refId }));
const destroy = (refId: string) => tx((t) => destroyHold(t, { refType: "activo", refId }));
const pay = (from: string, to: string, amount: number) =>
  tx((t) =>
    transfer(t, {
      from: { userId: from, kind: "disponible" },
      to: { userId: to, kind: "disponible" },
      amount,
      kind: "alquiler",
    }),
  );

async function expectBalanced() {
  const inv = await checkInvariants(db());
  expect(inv).toEqual({
    sumIsZero: true,
    noNegative: true,
    balancesMatchTransfers: true,
    holdsMatchBloqueado: true,
    total: 0,
    problems: [],
  });
}

async function userWithAvailable(amount: number): Promise<string> {
  const u = await createUser(db());
  if (amount > 0) {
    const ref = uuidv7();
    await issue(u, amount, ref);
    await release(ref);
  }
  return u;
}

describe("migration", () => {
  it("creates the five system accounts at 0 and a balanced, empty ledger", async () => {
    expect(await getSystemBalances(db())).toEqual({ emision: 0, destruccion: 0, custodia: 0, tienda: 0, retiros: 0 });
    await expectBalanced();
  });

  it("opening a user's accounts twice is harmless", async () => {
    const u = await createUser(db());
    await openUserAccounts(db(), u);
    expect(await getUserBalances(db(), u)).toMatchObject({ creditosDisponibles: 0, creditosBloqueados: 0, credits: 0 });
  });
});

describe("issueBlocked", () => {
  it("issues from emision into the owner's bloqueado and opens one hold", async () => {
    const before = await getSystemBalances(db());
    const u = await createUser(db());
    const ref = uuidv7();
    const r = await issue(u, 150, ref);
    expect(r.holdId).toEqual(expect.any(Number));
    expect(r.transferId).toEqual(expect.any(Number));
    expect(await getUserBalances(db(), u)).toMatchObject({
      creditosDisponibles: 0,
      creditosBloqueados: 150,
      credits: 150,
    });
    expect((await getSystemBalances(db())).emision).toBe(before.emision - 150);
    const hold = await getHold(db(), "activo", ref);
    expect(hold).toMatchObject({
      id: r.holdId,
      userId: u,
      amount: 150,
      status: "abierta",
      createdTransferId: r.transferId,
    });
    expect(await listOpenHolds(db(), u)).toHaveLength(1);
    const t = await db().execute(sql`select * from transfers where id = ${r.transferId}`);
    expect((t as unknown as { rows: Record<string, unknown>[] }).rows[0]).toMatchObject({
      amount: 150,
      kind: "emision_activo",
      ref_type: "activo",
      ref_id: ref,
      actor_user_id: u,
      hold_id: r.holdId,
      debit_balance_after: before.emision - 150,
      credit_balance_after: 150,
      description: "Registro",
    });
    await expectBalanced();
  });

  it("amount 0 issues nothing and opens no hold", async () => {
    const u = await createUser(db());
    const before = await ledgerFingerprint(db());
    const ref = uuidv7();
    expect(await issue(u, 0, ref)).toEqual({ holdId: null, transferId: null });
    expect(await ledgerFingerprint(db())).toBe(before);
    expect(await getHold(db(), "activo", ref)).toBeNull();
    // Releasing or destroying a reference without a hold is a no-op.
    expect(await release(ref)).toMatchObject({ amount: 0, alreadyResolved: false, transferId: null, holdStatus: null });
  });

  it.each([
    [-5],
    [1.5],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [2 ** 53],
    [100_000_001],
    ["10" as unknown as number],
  ])("rejects the amount %s with a Spanish validation error", async (amount) => {
    const u = await createUser(db());
    const e = await caught(() => issue(u, amount));
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ code: "VALIDATION", status: 400 });
    expect(e.message).toMatch(/monto/);
  });

  it("refuses a second open hold for the same reference (CONFLICT), nothing written", async () => {
    const u = await createUser(db());
    const ref = uuidv7();
    await issue(u, 10, ref);
    const before = await ledgerFingerprint(db());
    const e = await caught(() => issue(u, 10, ref));
    expect(e).toMatchObject({ code: "CONFLICT", status: 409 });
    expect(await ledgerFingerprint(db())).toBe(before);
    // Once resolved, the reference may be held again (e.g. a new guarantee).
    await release(ref);
    await issue(u, 7, ref);
    expect((await getHold(db(), "activo", ref))?.amount).toBe(7);
    await expectBalanced();
  });

  it("answers NOT_FOUND for a user that does not exist", async () => {
    const e = await caught(() => issue(uuidv7(), 10));
    expect(e).toMatchObject({ code: "NOT_FOUND", status: 404 });
  });

  it("rejects malformed ids", async () => {
    const u = await createUser(db());
    expect(await caught(() => issue(u, 10, "not-a-uuid"))).toMatchObject({ code: "VALIDATION" });
    expect(await caught(() => issue("x", 10))).toMatchObject({ code: "VALIDATION" });
    const e = await caught(() =>
      tx((t) => issueBlocked(t, { userId: u, amount: 1, refType: "Activo; drop", refId: uuidv7() })),
    );
    expect(e).toMatchObject({ code: "VALIDATION" });
  });
});

describe("releaseHold / destroyHold / executeHold", () => {
  it("releases once: the second release is a no-op success", async () => {
    const u = await createUser(db());
    const ref = uuidv7();
    const { holdId } = await issue(u, 80, ref);
    const first = await release(ref);
    expect(first).toMatchObject({ amount: 80, alreadyResolved: false, holdId, userId: u, holdStatus: "liberada" });
    expect(first.transferId).toEqual(expect.any(Number));
    expect(await getUserBalances(db(), u)).toMatchObject({ creditosDisponibles: 80, creditosBloqueados: 0 });
    const before = await ledgerFingerprint(db());
    const second = await release(ref);
    expect(second).toEqual({
      amount: 0,
      alreadyResolved: true,
      transferId: null,
      holdId,
      userId: u,
      holdStatus: "liberada",
    });
    expect(await ledgerFingerprint(db())).toBe(before);
    expect(await getHold(db(), "activo", ref)).toMatchObject({
      status: "liberada",
      resolvedTransferId: first.transferId,
    });
    await expectBalanced();
  });

  it("destroys into destruccion; destroying after a release is a no-op that says how the hold ended", async () => {
    const u = await createUser(db());
    const a = uuidv7();
    const b = uuidv7();
    await issue(u, 40, a);
    await issue(u, 25, b);
    const destroyedBefore = (await getSystemBalances(db())).destruccion;
    const d = await destroy(a);
    expect(d).toMatchObject({ amount: 40, alreadyResolved: false, holdStatus: "destruida" });
    expect((await getSystemBalances(db())).destruccion).toBe(destroyedBefore + 40);
    expect(await getUserBalances(db(), u)).toMatchObject({ creditosDisponibles: 0, creditosBloqueados: 25 });

    await release(b);
    const before = await ledgerFingerprint(db());
    expect(await destroy(b)).toMatchObject({ amount: 0, alreadyResolved: true, holdStatus: "liberada" });
    expect(await release(a)).toMatchObject({ amount: 0, alreadyResolved: true, holdStatus: "destruida" });
    expect(await destroy(a)).toMatchObject({ amount: 0, alreadyResolved: true, holdStatus: "destruida" });
    expect(await ledgerFingerprint(db())).toBe(before);
    expect(await getUserBalances(db(), u)).toMatchObject({ creditosDisponibles: 25, creditosBloqueados: 0 });
    await expectBalanced();
  });

  it("executes a guarantee to another user's disponible, once", async () => {
    const borrower = await userWithAvailable(100);
    const lender = await createUser(db());
    const loan = uuidv7();
    const opened = await tx((t) =>
      blockFromAvailable(t, { userId: borrower, amount: 60, refType: "prestamo", refId: loan, actorUserId: lender }),
    );
    expect(opened.holdId).toEqual(expect.any(Number));
    expect(await getUserBalances(db(), borrower)).toMatchObject({ creditosDisponibles: 40, creditosBloqueados: 60 });
    const ex = await tx((t) => executeHold(t, { refType: "prestamo", refId: loan, toUserId: lender }));
    expect(ex).toMatchObject({ amount: 60, alreadyResolved: false, userId: borrower, holdStatus: "ejecutada" });
    expect(await getUserBalances(db(), borrower)).toMatchObject({ creditosDisponibles: 40, creditosBloqueados: 0 });
    expect(await getUserBalances(db(), lender)).toMatchObject({ creditosDisponibles: 60, creditosBloqueados: 0 });
    const again = await tx((t) => executeHold(t, { refType: "prestamo", refId: loan, toUserId: lender }));
    expect(again).toMatchObject({ amount: 0, alreadyResolved: true, holdStatus: "ejecutada" });
    const kinds = await db().execute(sql`select kind from transfers where ref_id = ${loan} order by id`);
    expect((kinds as unknown as { rows: { kind: string }[] }).rows.map((r) => r.kind)).toEqual([
      "garantia_bloqueo",
      "garantia_ejecucion",
    ]);
    await expectBalanced();
  });

  it("a returned guarantee goes back to disponible with the kind the caller names", async () => {
    const borrower = await userWithAvailable(30);
    const loan = uuidv7();
    await tx((t) => openHold(t, { userId: borrower, amount: 30, refType: "prestamo", refId: loan }));
    expect(await getUserBalances(db(), borrower)).toMatchObject({ creditosDisponibles: 0, creditosBloqueados: 30 });
    const r = await tx((t) => releaseHold(t, { refType: "prestamo", refId: loan, kind: "garantia_liberacion" }));
    expect(r).toMatchObject({ amount: 30, holdStatus: "liberada" });
    expect(await getUserBalances(db(), borrower)).toMatchObject({ creditosDisponibles: 30, creditosBloqueados: 0 });
    await expectBalanced();
  });
});

describe("insufficient funds", () => {
  it("a guarantee larger than disponible fails with INSUFFICIENT_FUNDS and writes nothing", async () => {
    const u = await userWithAvailable(20);
    const before = await ledgerFingerprint(db());
    const e = await caught(() =>
      tx((t) => blockFromAvailable(t, { userId: u, amount: 21, refType: "prestamo", refId: uuidv7() })),
    );
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ code: "INSUFFICIENT_FUNDS", status: 422, message: INSUFFICIENT_FUNDS_MESSAGE });
    expect(e.message).toBe("No tienes suficientes créditos disponibles");
    expect(await ledgerFingerprint(db())).toBe(before);
  });

  it("a transfer larger than disponible writes nothing and leaves the caller's transaction usable", async () => {
    const a = await userWithAvailable(50);
    const b = await createUser(db());
    const before = await ledgerFingerprint(db());
    const e = await caught(() => pay(a, b, 51));
    expect(e).toMatchObject({ code: "INSUFFICIENT_FUNDS", message: INSUFFICIENT_FUNDS_MESSAGE });
    expect(await ledgerFingerprint(db())).toBe(before);

    // Inside one transaction: catch the error and carry on (no SQL error was raised).
    await tx(async (t) => {
      const err = await caught(() =>
        transfer(t, {
          from: { userId: a, kind: "disponible" },
          to: { system: "tienda" },
          amount: 500,
          kind: "compra_tienda",
        }),
      );
      expect(err).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
      await transfer(t, {
        from: { userId: a, kind: "disponible" },
        to: { system: "tienda" },
        amount: 50,
        kind: "compra_tienda",
      });
    });
    expect(await getUserBalances(db(), a)).toMatchObject({ creditosDisponibles: 0 });
    await expectBalanced();
  });

  it("the CHECK constraint is the last line of defence and maps to INSUFFICIENT_FUNDS", async () => {
    const u = await createUser(db());
    const e = await caught(() =>
      db().execute(sql`update accounts set balance = -1 where user_id = ${u} and kind = 'disponible'`),
    );
    const mapped = await caught(async () => mapLedgerError(e));
    expect(mapped).toMatchObject({ code: "INSUFFICIENT_FUNDS", message: INSUFFICIENT_FUNDS_MESSAGE });
    // A system account other than emision can not go negative either.
    const e2 = await caught(() =>
      db().execute(sql`update accounts set balance = -1 where user_id is null and kind = 'tienda'`),
    );
    expect(await caught(async () => mapLedgerError(e2))).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
  });
});

describe("transfer", () => {
  it("moves disponible to another user and to system accounts, returning both balances", async () => {
    const a = await userWithAvailable(100);
    const b = await createUser(db());
    const r = await pay(a, b, 30);
    expect(r).toEqual({ transferId: expect.any(Number), fromBalance: 70, toBalance: 30 });
    const shop = (await getSystemBalances(db())).tienda;
    const s = await tx((t) =>
      transfer(t, {
        from: { userId: a, kind: "disponible" },
        to: { system: "tienda" },
        amount: 20,
        kind: "compra_tienda",
      }),
    );
    expect(s).toMatchObject({ fromBalance: 50, toBalance: shop + 20 });
    // Escrow: buyer -> custodia -> seller.
    await tx((t) =>
      transfer(t, {
        from: { userId: a, kind: "disponible" },
        to: { system: "custodia" },
        amount: 10,
        kind: "pago_custodia",
      }),
    );
    await tx((t) =>
      transfer(t, {
        from: { system: "custodia" },
        to: { userId: b, kind: "disponible" },
        amount: 10,
        kind: "liberacion_custodia",
      }),
    );
    expect(await getUserBalances(db(), a)).toMatchObject({ creditosDisponibles: 40 });
    expect(await getUserBalances(db(), b)).toMatchObject({ creditosDisponibles: 40 });
    await expectBalanced();
  });

  it("refuses bloqueado accounts, identical accounts, zero and unknown kinds", async () => {
    const a = await userWithAvailable(10);
    const b = await createUser(db());
    const cases = [
      {
        from: { userId: a, kind: "bloqueado" as const },
        to: { userId: b, kind: "disponible" as const },
        amount: 1,
        kind: "alquiler" as const,
      },
      {
        from: { userId: a, kind: "disponible" as const },
        to: { userId: a, kind: "bloqueado" as const },
        amount: 1,
        kind: "alquiler" as const,
      },
      {
        from: { userId: a, kind: "disponible" as const },
        to: { userId: a, kind: "disponible" as const },
        amount: 1,
        kind: "alquiler" as const,
      },
      {
        from: { userId: a, kind: "disponible" as const },
        to: { userId: b, kind: "disponible" as const },
        amount: 0,
        kind: "alquiler" as const,
      },
      {
        from: { userId: a, kind: "disponible" as const },
        to: { userId: b, kind: "disponible" as const },
        amount: 1,
        kind: "regalo" as "alquiler",
      },
      {
        from: { system: "bancos" as "tienda" },
        to: { userId: b, kind: "disponible" as const },
        amount: 1,
        kind: "alquiler" as const,
      },
    ];
    const before = await ledgerFingerprint(db());
    for (const c of cases) expect(await caught(() => tx((t) => transfer(t, c)))).toMatchObject({ code: "VALIDATION" });
    expect(await ledgerFingerprint(db())).toBe(before);
  });

  it("rawTransfer and LEDGER_TRANSFER_SQL move credits between account ids in one statement", async () => {
    const a = await userWithAvailable(10);
    const b = await createUser(db());
    const from = await getAccountId(db(), { userId: a, kind: "disponible" });
    const to = await getAccountId(db(), { userId: b, kind: "disponible" });
    expect(await rawTransfer(db(), { debitAccountId: from, creditAccountId: to, amount: 4, kind: "alquiler" })).toEqual(
      {
        transferId: expect.any(Number),
        fromBalance: 6,
        toBalance: 4,
      },
    );
    expect(
      await rawTransfer(db(), { debitAccountId: from, creditAccountId: to, amount: 7, kind: "alquiler" }),
    ).toBeNull();
    expect(LEDGER_TRANSFER_SQL).toMatch(/ledger_transfer\(\$1::bigint, \$2::bigint, \$3::bigint, \$4::text/);
    // A bloqueado account can not be moved without a hold, even raw.
    const blocked = await getAccountId(db(), { userId: a, kind: "bloqueado" });
    await expect(
      rawTransfer(db(), { debitAccountId: from, creditAccountId: blocked, amount: 1, kind: "alquiler" }),
    ).rejects.toThrow();
    await expectBalanced();
  });
});

describe("database guards", () => {
  it("transfers are append-only: UPDATE, DELETE and TRUNCATE are refused", async () => {
    const u = await createUser(db());
    const { transferId } = await issue(u, 5);
    for (const q of [
      sql`update transfers set amount = 6 where id = ${transferId}`,
      sql`update transfers set description = 'x' where id = ${transferId}`,
      sql`delete from transfers where id = ${transferId}`,
      sql`truncate transfers cascade`,
    ]) {
      const e = await caught(() => tx((t) => t.execute(q)));
      expect(JSON.stringify(e) + String(e.cause ?? "") + e.message).toMatch(/append-only/);
    }
    const n = await db().execute(sql`select amount from transfers where id = ${transferId}`);
    expect((n as unknown as { rows: { amount: number }[] }).rows).toEqual([{ amount: 5 }]);
  });

  it("a hold is resolved at most once and never deleted, at the database level", async () => {
    const u = await createUser(db());
    const ref = uuidv7();
    const { holdId } = await issue(u, 9, ref);
    const refused = async (q: ReturnType<typeof sql>) => {
      const e = await caught(() => tx((t) => t.execute(q)));
      expect(String(e.cause ?? e.message)).toMatch(/ledger: /);
    };
    // Open hold: amount, owner and reference are immutable; it can only be resolved with its transfer.
    await refused(sql`update holds set amount = 1 where id = ${holdId}`);
    await refused(sql`update holds set ref_id = ${uuidv7()} where id = ${holdId}`);
    await refused(sql`update holds set status = 'liberada' where id = ${holdId}`);
    await refused(sql`delete from holds where id = ${holdId}`);
    await refused(sql`truncate holds`);
    await release(ref);
    // Resolved hold: any change is refused.
    await refused(sql`update holds set status = 'abierta' where id = ${holdId}`);
    await refused(sql`update holds set status = 'destruida' where id = ${holdId}`);
    await refused(sql`update holds set resolved_at = now() where id = ${holdId}`);
    expect(await getHold(db(), "activo", ref)).toMatchObject({ status: "liberada" });
    await expectBalanced();
  });
});

describe("reads", () => {
  it("lists the wallet history newest first with signed amounts and running balances", async () => {
    const u = await createUser(db());
    const other = await userWithAvailable(15);
    const asset = uuidv7();
    const loan = uuidv7();
    await issue(u, 100, asset); // bloqueado +100               total 100 disp 0
    await release(asset); // disponible +100 (bloqueado -100)    total 100 disp 100
    await tx((t) =>
      transfer(t, {
        from: { userId: u, kind: "disponible" },
        to: { system: "tienda" },
        amount: 30,
        kind: "compra_tienda",
        description: "Compra",
      }),
    ); // disponible -30                                     total 70 disp 70
    await pay(other, u, 10); // disponible +10               total 80 disp 80
    await tx((t) => blockFromAvailable(t, { userId: u, amount: 20, refType: "prestamo", refId: loan })); // disp -20 total 80 disp 60
    const extra = uuidv7();
    await issue(u, 5, extra); // bloqueado +5                total 85 disp 60
    await destroy(extra); // bloqueado -5                      total 80 disp 60

    const rows = await listUserTransfers(db(), u, { limit: 10 });
    expect(rows.map((r) => [r.kind, r.accountKind, r.amount, r.totalChange, r.balanceAfter, r.availableAfter])).toEqual(
      [
        ["destruccion", "bloqueado", -5, -5, 80, 60],
        ["emision_activo", "bloqueado", 5, 5, 85, 60],
        ["garantia_bloqueo", "disponible", -20, 0, 80, 60],
        ["alquiler", "disponible", 10, 10, 80, 80],
        ["compra_tienda", "disponible", -30, -30, 70, 70],
        ["liberacion", "disponible", 100, 0, 100, 100],
        ["emision_activo", "bloqueado", 100, 100, 100, 0],
      ],
    );
    expect(rows[3]).toMatchObject({ counterpartyUserId: other, counterpartyAccount: "disponible" });
    expect(rows[4]).toMatchObject({ counterpartyUserId: null, counterpartyAccount: "tienda", description: "Compra" });
    expect(rows[6]).toMatchObject({ counterpartyAccount: "emision", refType: "activo", refId: asset });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
    const ids = rows.map((r) => r.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);

    const last3 = await listUserTransfers(db(), u, { limit: 3 });
    expect(last3).toEqual(rows.slice(0, 3));
    expect(await listUserTransfers(db(), await createUser(db()))).toEqual([]);
    expect(await caught(() => listUserTransfers(db(), u, { limit: 0 }))).toMatchObject({ code: "VALIDATION" });
  });

  it("economy totals add up and checkInvariants spots corruption", async () => {
    const t = await getEconomyTotals(db());
    expect(t.equilibrado).toBe(true);
    expect(t.total).toBe(0);
    expect(t.creditosEmitidos).toBe(t.creditosDestruidos + t.creditosCirculacion + t.custodia + t.tienda + t.retiros);

    const u = await createUser(db());
    await issue(u, 10);
    const report = await inRolledBackTx(db(), async (t) => {
      // Bypass the ledger: a balance without its transfer, and a hold without credits.
      await t.execute(sql`update accounts set balance = balance + 3 where user_id = ${u} and kind = 'disponible'`);
      await t.execute(
        sql`insert into holds (user_id, amount, ref_type, ref_id) values (${u}, 4, 'activo', ${uuidv7()})`,
      );
      return checkInvariants(t);
    });
    expect(report).toMatchObject({
      sumIsZero: false,
      noNegative: true,
      balancesMatchTransfers: false,
      holdsMatchBloqueado: false,
      total: 3,
    });
    expect(report.problems.join("\n")).toMatch(/suma de todos los saldos es 3/);
    expect(report.problems.join("\n")).toMatch(/retenciones abiertas suman 14/);
    const bystander = await createUser(db());
    const scoped = await inRolledBackTx(db(), async (t) => {
      await t.execute(sql`update accounts set balance = balance + 3 where user_id = ${u} and kind = 'disponible'`);
      return checkInvariants(t, { userIds: [bystander] });
    });
    expect(scoped).toMatchObject({ sumIsZero: false, balancesMatchTransfers: true, holdsMatchBloqueado: true });
    await expectBalanced();
  });
});
