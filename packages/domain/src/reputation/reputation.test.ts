import { describe, expect, it } from "vitest";
import { CUSTODY_PROCESS } from "../deals/custody.ts";
import { DONATION_PROCESS } from "../deals/donation.ts";
import { LOAN_PROCESS } from "../deals/loan.ts";
import { type ActorRole, outcomeOf, type ProcessSpec } from "../deals/process.ts";
import { RENTAL_PROCESS } from "../deals/rental.ts";
import { EXCHANGE_PROCESS } from "../exchanges/process.ts";
import { PURCHASE_PROCESS } from "../marketplace/process.ts";
import { WITHDRAWAL_PROCESS } from "../withdrawals/process.ts";
import {
  REPUTATION_WEIGHTS,
  type ReputationFact,
  reputationPartOf,
  reputationSchema,
  scoreReputation,
} from "./index.ts";

const me = "0190aaaa-0000-7000-8000-000000000001";

/**
 * The facts one deal gives `myRoles`' holder when `transition` (taken by `actorRole`) ends it, as the
 * server derives them: the table's outcome, and whether its cause is one of my roles in the deal.
 */
function factOf(process: ProcessSpec, transition: string, actorRole: ActorRole, myRoles: ActorRole[]): ReputationFact {
  const o = outcomeOf(process, transition, actorRole);
  if (!o) throw new Error(`${process.name}.${transition} does not end the deal`);
  return { resultado: o.resultado, confirma: o.confirma, causadoPorMi: myRoles.includes(o.por), cantidad: 1 };
}
const points = (facts: ReputationFact[]) => scoreReputation(me, facts).reputacion;

describe("scoreReputation", () => {
  it("no deals: 0 with every part at 0 and its weight", () => {
    const r = scoreReputation(me, []);
    expect(r).toEqual({
      userId: me,
      reputacion: 0,
      partes: {
        prestamosDevueltos: { cantidad: 0, peso: 5, puntos: 0 },
        entregasCompletadas: { cantidad: 0, peso: 3, puntos: 0 },
        prestamosVencidos: { cantidad: 0, peso: -10, puntos: 0 },
        cancelaciones: { cantidad: 0, peso: -2, puntos: 0 },
      },
    });
    expect(reputationSchema.parse(r)).toEqual(r);
  });

  it("adds counts by part and weighs them", () => {
    const r = scoreReputation(me, [
      { resultado: "completado", confirma: "devolucion", causadoPorMi: false, cantidad: 2 },
      { resultado: "completado", confirma: "entrega", causadoPorMi: true, cantidad: 3 },
      { resultado: "incumplido", confirma: null, causadoPorMi: true, cantidad: 1 },
      { resultado: "cancelado", confirma: null, causadoPorMi: true, cantidad: 4 },
      { resultado: "cancelado", confirma: null, causadoPorMi: false, cantidad: 7 },
    ]);
    expect(r.partes.prestamosDevueltos).toEqual({ cantidad: 2, peso: 5, puntos: 10 });
    expect(r.partes.entregasCompletadas).toEqual({ cantidad: 3, peso: 3, puntos: 9 });
    expect(r.partes.prestamosVencidos).toEqual({ cantidad: 1, peso: -10, puntos: -10 });
    expect(r.partes.cancelaciones).toEqual({ cantidad: 4, peso: -2, puntos: -8 });
    expect(r.reputacion).toBe(10 + 9 - 10 - 8);
  });

  it("outcomes that count for nobody: rejected, withdrawn, expired, closed, completed without proof", () => {
    for (const resultado of ["rechazado", "retirado", "vencido", "cerrado"] as const) {
      for (const causadoPorMi of [true, false]) {
        expect(reputationPartOf({ resultado, confirma: null, causadoPorMi })).toBeNull();
      }
    }
    expect(reputationPartOf({ resultado: "completado", confirma: null, causadoPorMi: true })).toBeNull();
    // Someone else's default or cancellation never lowers me.
    expect(reputationPartOf({ resultado: "incumplido", confirma: null, causadoPorMi: false })).toBeNull();
    expect(reputationPartOf({ resultado: "cancelado", confirma: null, causadoPorMi: false })).toBeNull();
  });

  it("the weights are the published ones", () => {
    expect(REPUTATION_WEIGHTS).toEqual({
      prestamosDevueltos: 5,
      entregasCompletadas: 3,
      prestamosVencidos: -10,
      cancelaciones: -2,
    });
  });
});

describe("reputation by the tables' outcomes", () => {
  it("a loan returned: +5 to both parties; overdue (by the lender or the system): -10 to the borrower only", () => {
    for (const roles of [["prestatario"], ["prestamista"]]) {
      expect(points([factOf(LOAN_PROCESS, "confirmarDevolucion", "prestamista", roles)])).toBe(5);
    }
    for (const [t, actor] of [
      ["marcarVencido", "prestamista"],
      ["vencer", "sistema"],
    ] as const) {
      expect(points([factOf(LOAN_PROCESS, t, actor, ["prestatario"])])).toBe(-10);
      expect(points([factOf(LOAN_PROCESS, t, actor, ["prestamista"])])).toBe(0);
    }
  });

  it("handovers: +3 to both (sale/custody confirmed, donation accepted, rental finished or closed)", () => {
    for (const [p, t, actor, roles] of [
      [CUSTODY_PROCESS, "confirmar", "receptor", ["oferente"]],
      [CUSTODY_PROCESS, "confirmar", "receptor", ["receptor"]],
      [DONATION_PROCESS, "aceptar", "beneficiario", ["donante"]],
      [RENTAL_PROCESS, "finalizar", "arrendador", ["arrendatario"]],
      [RENTAL_PROCESS, "cerrar", "sistema", ["arrendador"]],
    ] as const) {
      expect(points([factOf(p, t, actor, [...roles])])).toBe(3);
    }
  });

  it("cancelling as a party: -2 to that party only (custody, loan request, donation, booking by either side)", () => {
    for (const [p, t, actor, other] of [
      [CUSTODY_PROCESS, "cancelar", "oferente", "receptor"],
      [LOAN_PROCESS, "cancelar", "prestatario", "prestamista"],
      [DONATION_PROCESS, "cancelar", "donante", "beneficiario"],
      [RENTAL_PROCESS, "cancelar", "arrendatario", "arrendador"],
      [RENTAL_PROCESS, "cancelar", "arrendador", "arrendatario"],
    ] as const) {
      expect(points([factOf(p, t, actor, [actor])])).toBe(-2);
      expect(points([factOf(p, t, actor, [other])])).toBe(0);
    }
  });

  it("fix: an admin cancelling a shop purchase loses nothing (an admin is no party); nor does the buyer", () => {
    // The admin is not a party of the purchase: whatever roles they hold in it, 'admin' is not one.
    expect(points([factOf(PURCHASE_PROCESS, "cancelar", "admin", [])])).toBe(0);
    expect(points([factOf(PURCHASE_PROCESS, "cancelar", "admin", ["comprador"])])).toBe(0);
    expect(points([factOf(WITHDRAWAL_PROCESS, "rechazar", "admin", ["solicitante"])])).toBe(0);
  });

  it("fix: withdrawing one's own exchange proposal before an answer costs nothing", () => {
    expect(outcomeOf(EXCHANGE_PROCESS, "cancelar", "proponente")).toEqual({
      resultado: "retirado",
      por: "proponente",
      confirma: null,
    });
    expect(points([factOf(EXCHANGE_PROCESS, "cancelar", "proponente", ["proponente"])])).toBe(0);
  });

  it("unchanged: rejections, expiries, exchanges, shop deliveries and withdrawals count for nobody", () => {
    for (const [p, t, actor] of [
      [LOAN_PROCESS, "rechazar", "prestamista"],
      [LOAN_PROCESS, "expirar", "sistema"],
      [DONATION_PROCESS, "rechazar", "beneficiario"],
      [CUSTODY_PROCESS, "expirar", "sistema"],
      [EXCHANGE_PROCESS, "aceptar", "destinatario"],
      [EXCHANGE_PROCESS, "rechazar", "destinatario"],
      [EXCHANGE_PROCESS, "cerrar", "sistema"],
      [PURCHASE_PROCESS, "entregar", "admin"],
      [WITHDRAWAL_PROCESS, "aprobar", "admin"],
    ] as const) {
      for (const roles of p.roles.map((r) => [r])) expect(points([factOf(p, t, actor, roles)])).toBe(0);
    }
  });
});
