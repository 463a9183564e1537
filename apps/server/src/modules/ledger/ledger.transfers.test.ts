import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { uuidv7 } from "../../lib/ids.ts";
import {
  blockFromAvailable,
  checkInvariants,
  getAccountId,
  getEconomyTotals,
  getHold,
  getSystemBalances,
  getUserBalances,
  LEDGER_TRANSFER_SQL,
  listUserTransfers,
  rawTransfer,
  transfer,
} from "./ledger.service.ts";
import { useLedgerDatabase } from "./ledger.setup.testkit.ts";
import { caught, createUser, inRolledBackTx, ledgerFingerprint } from "./ledger.testkit.ts";

const { db, tx, issue, release, destroy, pay, expectBalanced, userWithAvailable } = useLedgerDatabase();

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
