import { describe, expect, it } from "vitest";
import {
  CUSTODY_EFFECTS,
  CUSTODY_EXPIRY_MS,
  CUSTODY_GUARDS,
  CUSTODY_MAX_WRONG_CODES,
  CUSTODY_PROCESS,
  codeGuardAt,
  formatCustodyCode,
  isCustodyCode,
  salePrice,
  saleRefusal,
} from "./custody.ts";
import {
  availableTransitions,
  checkTransition,
  isFinalState,
  ownerCompletion,
  type ProcessSpec,
  validateProcess,
} from "./process.ts";
import { assignCustodySchema, createSaleSchema, custodyCodeParamsSchema } from "./schemas.ts";

const known = { guards: [...CUSTODY_GUARDS], effects: [...CUSTODY_EFFECTS] };

describe("the custody process table", () => {
  it("is sound: known states, effects and guards; every waiting state has a timer; all reachable", () => {
    expect(validateProcess(CUSTODY_PROCESS, known)).toEqual([]);
  });

  it("pendiente expires after 7 days through a system transition that refunds", () => {
    const timer = CUSTODY_PROCESS.states.pendiente.timers[0];
    expect(timer).toMatchObject({ transition: "expirar", afterMs: CUSTODY_EXPIRY_MS });
    expect(CUSTODY_EXPIRY_MS).toBe(604_800_000);
    expect(CUSTODY_PROCESS.transitions.expirar.effects).toContain("reembolsarPago");
    expect(CUSTODY_PROCESS.transitions.expirar.actors).toEqual(["sistema"]);
  });

  it("only the receiver confirms, only the offerer cancels, only the system expires", () => {
    const at = (transition: string, roles: string[]) =>
      checkTransition(CUSTODY_PROCESS, { state: "pendiente", transition, roles });
    expect(at("confirmar", ["receptor"]).ok).toBe(true);
    expect(at("confirmar", ["oferente"])).toMatchObject({ ok: false, reason: "not_allowed" });
    expect(at("cancelar", ["oferente"]).ok).toBe(true);
    expect(at("cancelar", ["receptor"])).toMatchObject({ ok: false, reason: "not_allowed" });
    expect(at("expirar", ["oferente", "receptor"])).toMatchObject({ ok: false, reason: "not_allowed" });
    expect(at("expirar", ["sistema"]).ok).toBe(true);
    expect(at("volar", ["sistema"])).toMatchObject({ ok: false, reason: "unknown_transition" });
  });

  it("a closed custody refuses everything with a Spanish message, except the same transition repeated", () => {
    const confirmedAgain = checkTransition(CUSTODY_PROCESS, {
      state: "confirmada",
      transition: "confirmar",
      roles: ["receptor"],
      last: { transition: "confirmar", actorRole: "receptor" },
    });
    expect(confirmedAgain).toMatchObject({ ok: true, repeat: true });
    expect(
      checkTransition(CUSTODY_PROCESS, {
        state: "confirmada",
        transition: "cancelar",
        roles: ["oferente"],
        last: { transition: "confirmar", actorRole: "receptor" },
      }),
    ).toEqual({ ok: false, reason: "wrong_state", message: "Esta custodia ya fue confirmada" });
    // Cancelled by expiry: a later cancel by the offerer is not a repeat of the same transition.
    expect(
      checkTransition(CUSTODY_PROCESS, {
        state: "cancelada",
        transition: "cancelar",
        roles: ["oferente"],
        last: { transition: "expirar", actorRole: "sistema" },
      }),
    ).toMatchObject({ ok: false, message: "Esta custodia fue cancelada" });
    expect(
      checkTransition(CUSTODY_PROCESS, { state: "pendiente", transition: "comprar", roles: ["receptor"] }),
    ).toMatchObject({ ok: false, reason: "wrong_state" });
    expect(checkTransition(CUSTODY_PROCESS, { state: null, transition: "comprar", roles: ["receptor"] }).ok).toBe(true);
  });

  it("lists transitions per role and state, final states, and no owner completion for custody", () => {
    expect(availableTransitions(CUSTODY_PROCESS, "pendiente", ["oferente"])).toEqual(["cancelar", "disputar"]);
    expect(availableTransitions(CUSTODY_PROCESS, "pendiente", ["receptor"])).toEqual(["confirmar", "disputar"]);
    // A disputed custody: neither party can confirm, cancel or dispute again; only an admin ends it.
    expect(availableTransitions(CUSTODY_PROCESS, "en_disputa", ["receptor", "oferente", "sistema"])).toEqual([]);
    expect(availableTransitions(CUSTODY_PROCESS, "en_disputa", ["admin"])).toEqual(["reembolsar", "liberar"]);
    expect(availableTransitions(CUSTODY_PROCESS, "confirmada", ["receptor", "oferente", "sistema"])).toEqual([]);
    expect(isFinalState(CUSTODY_PROCESS, "cancelada")).toBe(true);
    expect(isFinalState(CUSTODY_PROCESS, "pendiente")).toBe(false);
    expect(ownerCompletion(CUSTODY_PROCESS, "pendiente")).toBeNull();
  });
});

describe("validateProcess finds broken tables", () => {
  const base: ProcessSpec = {
    name: "x",
    roles: ["a"],
    states: { espera: { label: "E" }, fin: { label: "F", final: true }, isla: { label: "I", final: true } },
    transitions: {
      crear: { label: "", from: null, to: "espera", actors: ["a"], guards: [], effects: ["magia"] },
      cerrar: { label: "", from: ["espera", "fin"], to: "fin", actors: ["b"], guards: [], effects: [] },
    },
    stateMessages: {},
    finishRefusedMessage: "",
  };
  it("reports waiting forever, unknown roles, exits from final states, unreachable states and unknown effects", () => {
    const p = validateProcess(base, { guards: [], effects: [] });
    expect(p).toEqual(
      expect.arrayContaining([
        "espera: estado de espera sin temporizador (esperaría para siempre)",
        "cerrar: rol desconocido b",
        "cerrar: sale del estado final fin",
        "isla: estado inalcanzable",
        "crear: efecto sin implementar magia",
      ]),
    );
  });
});

describe("a state that waits for an admin (awaitsAdmin, issue 19)", () => {
  const spec = (over: Partial<ProcessSpec["states"][string]>, adminExit: boolean): ProcessSpec => ({
    name: "y",
    roles: ["a"],
    states: {
      espera: { label: "E", timers: [{ name: "t", transition: "vencer", afterMs: 1000 }] },
      revision: { label: "R", ...over },
      fin: { label: "F", final: true },
    },
    transitions: {
      crear: { label: "", from: null, to: "espera", actors: ["a"], guards: [], effects: [] },
      vencer: {
        label: "",
        from: ["espera"],
        to: "fin",
        actors: ["sistema"],
        guards: [],
        effects: [],
        outcome: { resultado: "vencido" },
      },
      revisar: { label: "", from: ["espera"], to: "revision", actors: ["a"], guards: [], effects: [] },
      decidir: {
        label: "",
        from: ["revision"],
        to: "fin",
        actors: adminExit ? ["admin"] : ["a"],
        guards: [],
        effects: [],
        outcome: { resultado: "cerrado" },
      },
    },
    stateMessages: {},
    finishRefusedMessage: "",
  });
  it("needs no deadline when an admin takes it out", () => {
    expect(validateProcess(spec({ awaitsAdmin: true }, true))).toEqual([]);
  });
  it("is still a problem without the exemption, or with it but no admin exit", () => {
    expect(validateProcess(spec({}, true))).toEqual([
      "revision: estado de espera sin temporizador (esperaría para siempre)",
    ]);
    expect(validateProcess(spec({ awaitsAdmin: true }, false))).toEqual([
      "revision: espera a un administrador, pero ninguno puede sacarla",
      "revision: estado de espera sin temporizador (esperaría para siempre)",
    ]);
  });
  it("the custody table uses it for en_disputa only", () => {
    const exempt = Object.entries(CUSTODY_PROCESS.states).filter(([, s]) => "awaitsAdmin" in s && s.awaitsAdmin);
    expect(exempt.map(([n]) => n)).toEqual(["en_disputa"]);
    expect(validateProcess(CUSTODY_PROCESS)).toEqual([]);
  });
});

describe("custody code and counters", () => {
  it("formats codes with 6 digits and leading zeros", () => {
    expect(formatCustodyCode(0)).toBe("000000");
    expect(formatCustodyCode(42)).toBe("000042");
    expect(formatCustodyCode(999_999)).toBe("999999");
    expect(() => formatCustodyCode(1_000_000)).toThrow();
    expect(isCustodyCode("012345")).toBe(true);
    expect(isCustodyCode("12345")).toBe(false);
    expect(isCustodyCode("12345a")).toBe(false);
  });

  it("locks after 5 wrong codes within the hour and unlocks an hour after the first", () => {
    const t0 = new Date("2026-01-01T10:00:00Z");
    let s = { failures: 0, windowStartedAt: null as Date | null };
    for (let i = 0; i < CUSTODY_MAX_WRONG_CODES; i++) {
      const g = codeGuardAt(s, new Date(t0.getTime() + i * 60_000));
      expect(g.locked).toBe(false);
      s = g.afterWrong();
    }
    expect(s).toEqual({ failures: 5, windowStartedAt: t0 });
    const locked = codeGuardAt(s, new Date(t0.getTime() + 59 * 60_000));
    expect(locked.locked).toBe(true);
    expect(locked.unlocksAt).toEqual(new Date(t0.getTime() + 3_600_000));
    expect(codeGuardAt(s, new Date(t0.getTime() + 3_600_000)).locked).toBe(false);
    expect(codeGuardAt(s, new Date(t0.getTime() + 3_600_000)).afterWrong().failures).toBe(1);
  });

  it("prices a sale: credits = the asset's credits; cash = the seller's asking price (baseValueCOP)", () => {
    expect(salePrice({ creditosAsignados: 367, baseValueCOP: 600_000 })).toEqual({ creditos: 367, cop: 600_000 });
  });

  it("refuses own assets, assets not for sale and assets in operation", () => {
    const a = { userId: "s", mainPurpose: "vender", status: "disponible", privacy: "publico" };
    expect(saleRefusal(a, "b")).toBeNull();
    expect(saleRefusal({ ...a, status: "activo" }, "b")).toBeNull();
    expect(saleRefusal(a, "s")).toBe("propio");
    expect(saleRefusal({ ...a, mainPurpose: "prestar" }, "b")).toBe("no_en_venta");
    expect(saleRefusal({ ...a, privacy: "privado" }, "b")).toBe("no_en_venta");
    expect(saleRefusal({ ...a, status: "operacion" }, "b")).toBe("no_disponible");
  });
});

describe("request schemas", () => {
  const id = "0190a0b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b";
  it("a purchase needs a payment method (spec wording) and valid ids", () => {
    const r = createSaleSchema.safeParse({ activoId: id, compradorId: id, vendedorId: id });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("Selecciona un método de pago");
    expect(
      createSaleSchema.safeParse({ activoId: "x", compradorId: id, vendedorId: id, modoPago: "creditos" }).success,
    ).toBe(false);
    expect(
      createSaleSchema.parse({ activoId: id.toUpperCase(), compradorId: id, vendedorId: id, modoPago: "dinero" })
        .activoId,
    ).toBe(id);
    expect(
      createSaleSchema.safeParse({ activoId: id, compradorId: id, vendedorId: id, modoPago: "creditos", monto: 1.5 })
        .success,
    ).toBe(false);
  });

  it("custody assignment needs asset and receiver (spec wording)", () => {
    const r = assignCustodySchema.safeParse({ assetId: "", receptorId: "" });
    expect(r.error?.issues.map((i) => i.message)).toContain("Debes completar ID del activo e ID del receptor");
    expect(assignCustodySchema.parse({ assetId: id, receptorId: id })).toEqual({
      assetId: id,
      receptorId: id,
      tipoTransaccion: "venta",
      notas: "",
    });
  });

  it("a confirmation code is 6 digits", () => {
    expect(custodyCodeParamsSchema.safeParse({ code: "" }).error?.issues[0]?.message).toBe(
      "Debes ingresar el código de confirmación",
    );
    expect(custodyCodeParamsSchema.safeParse({ code: "1234567" }).success).toBe(false);
    expect(custodyCodeParamsSchema.safeParse({ code: "012345" }).success).toBe(true);
  });
});
