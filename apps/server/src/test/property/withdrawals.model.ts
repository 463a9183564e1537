/**
 * Withdrawals in the ledger property test: requested (disponible -> retiros), approved or rejected
 * by an admin (refund), and the 15-day expiry of one nobody answered (refund).
 */
import { WITHDRAWAL_EXPIRY_MS } from "@valoriza/domain";
import fc from "fast-check";
import { expect } from "vitest";
import { caught } from "../../modules/ledger/ledger.testkit.ts";
import { createWithdrawalsService, type WithdrawalsService } from "../../modules/withdrawals/index.ts";
import { type AreaModel, stepKind } from "./area.ts";
import { areaState, asAdmin, fund, insufficient, type Model, USERS } from "./model.ts";

interface ModelWithdrawal {
  id: string;
  user: number;
  amount: number;
  estado: "pendiente" | "aprobado" | "rechazado";
  dueAt: number;
}

const state = areaState(() => ({ withdrawals: [] as ModelWithdrawal[] }));
let withdrawals: WithdrawalsService;
const applied = { retiros: 0, aprobaciones: 0, rechazos: 0, retirosVencidos: 0 };

/** A withdrawal rejected (by an admin or its timer): the credits come back. */
function rejectWithdrawal(m: Model, w: ModelWithdrawal) {
  w.estado = "rechazado";
  m.disp[w.user]! += w.amount;
  m.sys.retiros -= w.amount;
}

export const withdrawalsModel: AreaModel = {
  name: "withdrawals",
  wire(deps, engine) {
    withdrawals = createWithdrawalsService(deps, engine);
  },
  applied,
  steps: [
    stepKind({
      t: "withdraw" as const,
      weight: 4,
      arbitrary: fc.record({
        t: fc.constant("withdraw" as const),
        user: fc.integer({ min: 0, max: USERS - 1 }),
        amount: fc.integer({ min: 1, max: 300 }),
        funded: fc.boolean(),
      }),
      async apply(ctx, op) {
        const { ids, m, clock } = ctx;
        if (op.funded) await fund(ctx, op.user, op.amount);
        const run = () =>
          withdrawals.request(asAdmin(ids[op.user]!), {
            tipo: "dinero",
            monto: op.amount,
            metodo: "pse",
            banco: "Banco de prueba",
            tipoCuenta: "ahorros",
            numeroCuenta: "1234567",
            titular: "Prueba",
            tipoDocumento: "CC",
            numeroDocumento: "123456",
          });
        if (m.disp[op.user]! < op.amount) {
          expect(await caught(run)).toMatchObject(insufficient);
          return;
        }
        const r = await run();
        m.disp[op.user]! -= op.amount;
        m.sys.retiros += op.amount;
        expect(r.creditosRestantes).toBe(m.disp[op.user]);
        applied.retiros++;
        state(m).withdrawals.push({
          id: r.retiro._id,
          user: op.user,
          amount: op.amount,
          estado: "pendiente",
          dueAt: clock.now().getTime() + WITHDRAWAL_EXPIRY_MS,
        });
      },
    }),
    stepKind({
      t: "withdrawResolve" as const,
      weight: 3,
      arbitrary: fc.record({
        t: fc.constant("withdrawResolve" as const),
        withdrawal: fc.nat({ max: 50 }),
        estado: fc.constantFrom("aprobado" as const, "rechazado" as const),
      }),
      async apply({ db, ids, m }, op) {
        const all = state(m).withdrawals;
        if (all.length === 0) return;
        const w = all[op.withdrawal % all.length]!;
        const run = () =>
          db.transaction((tx) =>
            withdrawals.resolve(tx, asAdmin(ids[0]!), w.id, op.estado, { referencia: "REF-1", motivo: "" }),
          );
        // Another answer, or a second approval (a payout possibly made twice by hand, issue 15 item 21),
        // is a 409; a second rejection is a harmless repeat.
        if (w.estado !== "pendiente" && (w.estado !== op.estado || op.estado === "aprobado")) {
          expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
          return;
        }
        const r = await run();
        expect(r.applied).toBe(w.estado === "pendiente");
        if (w.estado === "pendiente") {
          if (op.estado === "rechazado") rejectWithdrawal(m, w);
          else w.estado = "aprobado";
          applied[op.estado === "rechazado" ? "rechazos" : "aprobaciones"]++;
        }
        expect(r.retiro.estado).toBe(w.estado);
      },
    }),
  ],
  due({ m }, now) {
    const due = state(m).withdrawals.filter((w) => w.estado === "pendiente" && w.dueAt <= now);
    return {
      count: due.length,
      async fire() {
        for (const w of due) rejectWithdrawal(m, w);
        applied.retirosVencidos += due.length;
      },
    };
  },
  waitsAtMostMs: WITHDRAWAL_EXPIRY_MS,
  async checkEnd({ m }) {
    expect(state(m).withdrawals.every((w) => w.estado !== "pendiente")).toBe(true);
  },
};
