import { describe, expect, it } from "vitest";
import { EXCHANGE_PROCESS, LOCAL_EXCHANGE_PROCESS } from "../exchanges/process.ts";
import { PURCHASE_PROCESS } from "../marketplace/process.ts";
import { WITHDRAWAL_PROCESS } from "../withdrawals/process.ts";
import { CODE_LENGTH, CODE_SPACE, CUSTODY_PROCESS, formatCustodyCode, isCustodyCode } from "./custody.ts";
import { DONATION_PROCESS } from "./donation.ts";
import { LOAN_PROCESS } from "./loan.ts";
import { LOAN_COLLATERAL_PROCESS } from "./loan-collateral.ts";
import { DEALS_MSG } from "./messages.ts";
import {
  finalOutcomes,
  isFinalState,
  type ProcessSpec,
  staysInState,
  type TransitionSpec,
  validateProcess,
} from "./process.ts";
import { RENTAL_PROCESS } from "./rental.ts";
import { custodyCodeParamsSchema } from "./schemas.ts";

const ALL: ProcessSpec[] = [
  CUSTODY_PROCESS,
  LOAN_PROCESS,
  LOAN_COLLATERAL_PROCESS,
  RENTAL_PROCESS,
  DONATION_PROCESS,
  EXCHANGE_PROCESS,
  LOCAL_EXCHANGE_PROCESS,
  PURCHASE_PROCESS,
  WITHDRAWAL_PROCESS,
];

describe("outcomes in the tables (issue 18 item 2)", () => {
  it("every table is sound, and every transition into a final state declares how the deal ended", () => {
    for (const p of ALL) {
      expect(validateProcess(p), p.name).toEqual([]);
      for (const [name, t] of Object.entries(p.transitions)) {
        expect(Boolean(t.outcome), `${p.name}.${name}`).toBe(isFinalState(p, t.to));
      }
    }
  });

  it("each final state's possible outcomes, with the role that caused them", () => {
    expect(Object.fromEntries(ALL.map((p) => [p.name, finalOutcomes(p)]))).toEqual({
      // A dispute resolved by an admin (issue 19): completed without proof of delivery, or cancelled.
      custodia: {
        confirmada: ["completado:receptor+entrega", "completado:admin"],
        cancelada: ["cancelado:oferente", "vencido:sistema", "cancelado:admin"],
      },
      prestamo: {
        devuelto: ["completado:prestamista+devolucion"],
        vencido: ["incumplido:prestatario"],
        cancelado: ["cancelado:prestatario", "rechazado:prestamista", "vencido:sistema"],
      },
      garantia_prestamo: { liberada: ["cerrado:sistema"], ejecutada: ["incumplido:prestatario"] },
      alquiler: {
        finalizada: ["completado:arrendador+entrega", "completado:sistema+entrega"],
        cancelada: ["cancelado:arrendatario", "cancelado:arrendador"],
      },
      donacion: {
        completada: ["completado:beneficiario+entrega"],
        cancelada: ["rechazado:beneficiario", "cancelado:donante", "vencido:sistema"],
      },
      intercambio: {
        aceptada: ["completado:destinatario"],
        rechazada: ["rechazado:destinatario"],
        cancelada: ["retirado:proponente"],
        expirada: ["vencido:sistema"],
        cerrada: ["cerrado:sistema"],
      },
      intercambio_local: {
        aceptada: ["completado:destinatario"],
        rechazada: ["rechazado:destinatario"],
        cancelada: ["retirado:proponente"],
        expirada: ["vencido:sistema"],
        cerrada: ["cerrado:sistema"],
      },
      compra_tienda: { entregado: ["completado:admin"], cancelado: ["cancelado:admin", "vencido:sistema"] },
      retiro: { aprobado: ["completado:admin"], rechazado: ["rechazado:admin", "vencido:sistema"] },
    });
  });

  it("validateProcess refuses a final transition without outcome and an outcome on a waiting one", () => {
    const p: ProcessSpec = {
      name: "x",
      roles: ["a"],
      states: {
        espera: { label: "E", timers: [{ name: "v", transition: "vencer", afterMs: 1 }] },
        fin: { label: "F", final: true },
      },
      transitions: {
        crear: {
          label: "",
          from: null,
          to: "espera",
          actors: ["a"],
          guards: [],
          effects: [],
          outcome: { resultado: "completado" },
        },
        vencer: { label: "", from: ["espera"], to: "fin", actors: ["sistema"], guards: [], effects: [] },
        fallar: {
          label: "",
          from: ["espera"],
          to: "fin",
          actors: ["a"],
          guards: [],
          effects: [],
          outcome: { resultado: "incumplido", por: "sistema", confirma: "entrega" },
        },
      },
      stateMessages: {},
      finishRefusedMessage: "",
    };
    expect(validateProcess(p)).toEqual([
      "crear: declara un resultado sin terminar la operación",
      "vencer: llega al estado final fin sin resultado",
      "fallar: solo un resultado completado confirma algo",
      "fallar: un incumplimiento debe nombrar a la parte que incumplió",
    ]);
  });
});

describe("one engine (issue 18 item 3)", () => {
  it("an active loan's reminders are engine timers counted from its due date; its deadline too", () => {
    const timers = LOAN_PROCESS.states.activo.timers;
    expect(timers.map((t) => [t.name, t.transition, t.afterMs, t.relativeTo])).toEqual([
      ["recordatorio", "recordarDevolucion", -24 * 3600 * 1000, "fechaDevolucionEsperada"],
      ["aviso_vencimiento", "avisarVencimiento", 1, "fechaDevolucionEsperada"],
      ["cierre", "vencer", 365 * 24 * 3600 * 1000, "fechaDevolucionEsperada"],
    ]);
    // The reminders keep the loan active (and its deadline scheduled); the deadline ends it.
    expect(staysInState(LOAN_PROCESS.transitions.recordarDevolucion, "activo")).toBe(true);
    expect(staysInState(LOAN_PROCESS.transitions.avisarVencimiento, "activo")).toBe(true);
    expect(staysInState(LOAN_PROCESS.transitions.vencer, "activo")).toBe(false);
  });

  it("a reminder alone is no deadline: a waiting state with only a reminder would wait forever", () => {
    const p: ProcessSpec = {
      ...LOAN_PROCESS,
      states: {
        ...LOAN_PROCESS.states,
        activo: { label: "Activo", timers: LOAN_PROCESS.states.activo.timers.filter((t) => t.name !== "cierre") },
      },
    };
    expect(validateProcess(p)).toEqual(["activo: estado de espera sin temporizador (esperaría para siempre)"]);
  });

  it("no placeholder timers: the loan's collateral has none; every way out of an active loan ends it", () => {
    expect(LOAN_COLLATERAL_PROCESS.drivenBy).toBe(LOAN_PROCESS.name);
    for (const s of Object.values(LOAN_COLLATERAL_PROCESS.states)) expect("timers" in s).toBe(false);
    // Without drivenBy the table would not pass: its waiting state has no deadline.
    const { drivenBy: _d, ...alone } = LOAN_COLLATERAL_PROCESS;
    expect(validateProcess(alone)).toEqual(["reservada: estado de espera sin temporizador (esperaría para siempre)"]);
    const transitions: Record<string, TransitionSpec> = LOAN_PROCESS.transitions;
    const leaving = Object.entries(transitions).filter(
      ([, t]) => t.from?.includes("activo") && !staysInState(t, "activo"),
    );
    expect(leaving.map(([n]) => n).sort()).toEqual(["confirmarDevolucion", "marcarVencido", "vencer"]);
    for (const [, t] of leaving) {
      expect(t.effects.some((e) => e === "liberarGarantiaActivo" || e === "ejecutarGarantiaActivo")).toBe(true);
    }
  });

  it("a relative timer needs its base date from the handlers; only a relative timer may count backwards", () => {
    expect(validateProcess(LOAN_PROCESS, { guards: [], effects: [], timerBase: false })).toEqual(
      expect.arrayContaining([
        "activo.recordatorio: cuenta desde fechaDevolucionEsperada, pero nadie da esa fecha (timerBase)",
      ]),
    );
    const back: ProcessSpec = {
      ...CUSTODY_PROCESS,
      states: {
        ...CUSTODY_PROCESS.states,
        pendiente: { label: "P", timers: [{ name: "vencimiento", transition: "expirar", afterMs: -1 }] },
      },
    };
    expect(validateProcess(back)).toEqual(["pendiente.vencimiento: plazo inválido"]);
  });

  it("validated against the real handlers: a name implemented but never used is reported too", () => {
    expect(
      validateProcess(PURCHASE_PROCESS, {
        guards: ["sobra"],
        // cobrar, reembolsar, notificarComprador and registrarActividad are library effects the table configures (ADR 026).
        effects: ["descontarStock"],
      }),
    ).toEqual([
      "cancelar: efecto sin implementar reponerStock",
      "expirar: efecto sin implementar reponerStock",
      "guarda implementada sin usar: sobra",
    ]);
  });

  it("a community donation's claim takes the vacant beneficiary role through the engine", () => {
    expect(DONATION_PROCESS.transitions.aceptar.claims).toBe("beneficiario");
    const wrong: ProcessSpec = {
      ...DONATION_PROCESS,
      transitions: {
        ...DONATION_PROCESS.transitions,
        cancelar: { ...DONATION_PROCESS.transitions.cancelar, claims: "beneficiario" },
      },
    };
    expect(validateProcess(wrong)).toEqual([
      "cancelar: solo puede reclamarse un rol de la operación que tome esta transición",
    ]);
  });

  it("one constant for the custody code's length: schema, message, draw and format follow it", () => {
    expect(CODE_LENGTH).toBe(6);
    expect(CODE_SPACE).toBe(10 ** CODE_LENGTH);
    expect(DEALS_MSG.codeFormat).toBe(`El código de confirmación debe tener ${CODE_LENGTH} dígitos`);
    expect(formatCustodyCode(0)).toBe("0".repeat(CODE_LENGTH));
    expect(formatCustodyCode(CODE_SPACE - 1)).toBe("9".repeat(CODE_LENGTH));
    expect(() => formatCustodyCode(CODE_SPACE)).toThrow(RangeError);
    const ok = "1".repeat(CODE_LENGTH);
    expect(isCustodyCode(ok)).toBe(true);
    expect(isCustodyCode(`${ok}1`)).toBe(false);
    expect(custodyCodeParamsSchema.safeParse({ code: ok }).success).toBe(true);
    for (const bad of [ok.slice(1), `${ok}1`, `${ok.slice(1)}a`]) {
      expect(custodyCodeParamsSchema.safeParse({ code: bad }).error?.issues[0]?.message).toBe(DEALS_MSG.codeFormat);
    }
  });
});
