import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { mapLedgerError } from "./ledger.errors.ts";
import {
  blockFromAvailable,
  executeHold,
  getHold,
  getSystemBalances,
  getUserBalances,
  INSUFFICIENT_FUNDS_MESSAGE,
  issueBlocked,
  listOpenHolds,
  openHold,
  openUserAccounts,
  releaseHold,
  transfer,
} from "./ledger.service.ts";
import { useLedgerDatabase } from "./ledger.setup.testkit.ts";
import { caught, createUser, ledgerFingerprint } from "./ledger.testkit.ts";

const { db, tx, issue, release, destroy, pay, expectBalanced, userWithAvailable } = useLedgerDatabase();

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
