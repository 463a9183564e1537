/**
 * The ledger's own calls in the property test, outside any deal: transfers between people and to the
 * shop or withdrawals, an escrow paid and resolved in one transaction, and loan guarantees blocked,
 * returned or executed.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { uuidv7 } from "../../lib/ids.ts";
import { blockFromAvailable, executeHold, releaseHold, transfer } from "../../modules/ledger/index.ts";
import { caught } from "../../modules/ledger/ledger.testkit.ts";
import { type AreaModel, stepKind } from "./area.ts";
import { areaState, insufficient, type ModelHold, USERS } from "./model.ts";

const user = fc.integer({ min: 0, max: USERS - 1 });
const amount = fc.integer({ min: 1, max: 300 });
const pick = fc.nat({ max: 50 });

/** The guarantees blocked by the 'guarantee' step. */
const state = areaState(() => ({ guarantees: [] as ModelHold[] }));

export const ledgerModel: AreaModel = {
  name: "ledger",
  steps: [
    stepKind({
      t: "spend" as const,
      weight: 3,
      arbitrary: fc.record({
        t: fc.constant("spend" as const),
        from: user,
        to: fc.oneof(user, fc.constantFrom("tienda" as const, "retiros" as const)),
        amount,
      }),
      async apply({ db, ids, m }, op) {
        const to = typeof op.to === "number" ? { userId: ids[op.to]!, kind: "disponible" as const } : { system: op.to };
        if (typeof op.to === "number" && op.to === op.from) return;
        const run = () =>
          db.transaction((tx) =>
            transfer(tx, {
              from: { userId: ids[op.from]!, kind: "disponible" },
              to,
              amount: op.amount,
              kind: op.to === "tienda" ? "compra_tienda" : op.to === "retiros" ? "retiro" : "alquiler",
            }),
          );
        if (m.disp[op.from]! < op.amount) {
          expect(await caught(run)).toMatchObject(insufficient);
          return;
        }
        const r = await run();
        m.disp[op.from]! -= op.amount;
        if (typeof op.to === "number") m.disp[op.to]! += op.amount;
        else m.sys[op.to] += op.amount;
        expect(r.fromBalance).toBe(m.disp[op.from]);
      },
    }),
    stepKind({
      t: "escrow" as const,
      weight: 2,
      arbitrary: fc.record({
        t: fc.constant("escrow" as const),
        buyer: user,
        seller: user,
        amount,
        confirm: fc.boolean(),
      }),
      async apply({ db, ids, m }, op) {
        // Buyer pays into custodia and, in the same transaction, custody is confirmed or cancelled.
        if (op.buyer === op.seller) return;
        const run = () =>
          db.transaction(async (tx) => {
            const ref = uuidv7();
            await transfer(tx, {
              from: { userId: ids[op.buyer]!, kind: "disponible" },
              to: { system: "custodia" },
              amount: op.amount,
              kind: "pago_custodia",
              refType: "custodia",
              refId: ref,
            });
            await transfer(tx, {
              from: { system: "custodia" },
              to: { userId: ids[op.confirm ? op.seller : op.buyer]!, kind: "disponible" },
              amount: op.amount,
              kind: op.confirm ? "liberacion_custodia" : "reembolso_custodia",
              refType: "custodia",
              refId: ref,
            });
          });
        if (m.disp[op.buyer]! < op.amount) {
          expect(await caught(run)).toMatchObject(insufficient);
          return;
        }
        await run();
        if (op.confirm) {
          m.disp[op.buyer]! -= op.amount;
          m.disp[op.seller]! += op.amount;
        }
      },
    }),
    stepKind({
      t: "guarantee" as const,
      weight: 2,
      arbitrary: fc.record({ t: fc.constant("guarantee" as const), user, amount }),
      async apply({ db, ids, m }, op) {
        const ref = uuidv7();
        const run = () =>
          db.transaction((tx) =>
            blockFromAvailable(tx, { userId: ids[op.user]!, amount: op.amount, refType: "prestamo", refId: ref }),
          );
        if (m.disp[op.user]! < op.amount) {
          expect(await caught(run)).toMatchObject(insufficient);
          return;
        }
        await run();
        state(m).guarantees.push(m.openHold(ref, "prestamo", op.user, op.amount));
        m.disp[op.user]! -= op.amount;
      },
    }),
    stepKind({
      t: "returnGuarantee" as const,
      weight: 1,
      arbitrary: fc.record({ t: fc.constant("returnGuarantee" as const), loan: pick }),
      async apply({ db, m }, op) {
        const { guarantees } = state(m);
        if (guarantees.length === 0) return;
        const h = guarantees[op.loan % guarantees.length]!;
        const r = await db.transaction((tx) =>
          releaseHold(tx, { refType: "prestamo", refId: h.ref, kind: "garantia_liberacion" }),
        );
        expect(r).toMatchObject(m.resolve(h, "liberada"));
      },
    }),
    stepKind({
      t: "executeGuarantee" as const,
      weight: 1,
      arbitrary: fc.record({ t: fc.constant("executeGuarantee" as const), loan: pick, lender: user }),
      async apply({ db, ids, m }, op) {
        const { guarantees } = state(m);
        if (guarantees.length === 0) return;
        const h = guarantees[op.loan % guarantees.length]!;
        const r = await db.transaction((tx) =>
          executeHold(tx, { refType: "prestamo", refId: h.ref, toUserId: ids[op.lender]! }),
        );
        expect(r).toMatchObject(m.resolve(h, "ejecutada", op.lender));
      },
    }),
  ],
};
