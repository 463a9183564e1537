import { describe, expect, it } from "vitest";
import {
  ASSET_ORIGIN_LABELS,
  ASSET_STATUS_LABELS,
  ASSET_STATUSES,
  ASSET_TYPE_LABELS,
  assetFormDefaults,
  CONDITION_LABELS,
  canDeactivate,
  currentYearInColombia,
  GUARANTEE_TYPE_LABELS,
  GUARANTEE_TYPES,
  LOAN_DEFAULTS,
  MAIN_PURPOSE_LABELS,
  MAIN_PURPOSES,
  MONEY_CONTRIBUTION_TYPE_LABELS,
  PHYSICAL_STATE_LABELS,
  TIME_RATE_COP,
  TIME_RATE_SPECIALIZED_COP,
  toAssetType,
  toMainPurpose,
  WIZARD_ASSET_TYPE_LABELS,
} from "./constants.ts";

describe("economy constants", () => {
  it("time rates", () => {
    expect(TIME_RATE_COP).toBe(30_000);
    expect(TIME_RATE_SPECIALIZED_COP).toBe(120_000);
  });

  it("Spanish labels", () => {
    expect(Object.values(PHYSICAL_STATE_LABELS)).toEqual(["Excelente", "Bueno", "Regular", "Malo"]);
    expect(MAIN_PURPOSES.map((p) => MAIN_PURPOSE_LABELS[p])).toEqual([
      "Intercambiar",
      "Vender",
      "Prestar",
      "Alquilar",
      "Donar",
      "Regalar",
    ]);
    expect(CONDITION_LABELS).toEqual({ nuevo: "Nuevo", usado: "Usado" });
    expect(ASSET_ORIGIN_LABELS.comunitario).toBe("Comunitario");
    expect(ASSET_TYPE_LABELS.bien).toBe("Bien");
    expect(WIZARD_ASSET_TYPE_LABELS.bienes).toBe("Bienes");
    expect(MONEY_CONTRIBUTION_TYPE_LABELS).toEqual({
      donacion: "Donación",
      inversion: "Inversión",
      prestamo: "Préstamo",
      regalo: "Regalo",
      patrocinio: "Patrocinio",
      otro: "Otro",
    });
    expect(ASSET_STATUSES.map((s) => ASSET_STATUS_LABELS[s])).toHaveLength(6);
    expect(GUARANTEE_TYPES.map((g) => GUARANTEE_TYPE_LABELS[g])).toEqual([
      "Créditos bloqueados",
      "Activo colateral",
      "Tarjeta",
      "Ninguna",
    ]);
  });

  it("loan defaults: 7 days, 0 %, creditos_bloqueados", () => {
    expect(LOAN_DEFAULTS).toEqual({ plazoDias: 7, interes: 0, garantiaTipo: "creditos_bloqueados" });
  });

  it("registration form defaults", () => {
    expect(assetFormDefaults(2025)).toEqual({
      assetType: "bien",
      origin: "personal",
      category: "Tecnología",
      condition: "nuevo",
      physicalState: "excelente",
      yearOfPurchase: 2025,
      mainPurpose: "intercambiar",
      privacy: "publico",
    });
  });

  it("maps both type vocabularies, rejects others", () => {
    expect(toAssetType("bienes")).toBe("bien");
    expect(toAssetType("bien")).toBe("bien");
    expect(toAssetType("dinero")).toBe("dinero");
    expect(toAssetType("Bienes")).toBeNull();
    expect(toAssetType(undefined)).toBeNull();
  });

  it("maps the spec's purpose nouns, nothing else", () => {
    expect(toMainPurpose("venta")).toBe("vender");
    expect(toMainPurpose("prestamo")).toBe("prestar");
    expect(toMainPurpose("alquiler")).toBe("alquilar");
    expect(toMainPurpose("donacion")).toBe("donar");
    expect(toMainPurpose("regalar")).toBe("regalar");
    expect(toMainPurpose("toString")).toBeNull();
    expect(toMainPurpose("comprar")).toBeNull();
  });

  it("deactivation only for activo/disponible never used", () => {
    expect(canDeactivate({ status: "disponible", vecesUsado: 0 })).toBe(true);
    expect(canDeactivate({ status: "activo", vecesUsado: 0 })).toBe(true);
    expect(canDeactivate({ status: "activo", vecesUsado: 1 })).toBe(false);
    expect(canDeactivate({ status: "operacion", vecesUsado: 0 })).toBe(false);
    expect(canDeactivate({ status: "desactivado", vecesUsado: 0 })).toBe(false);
  });

  it("the current year is Colombia's (UTC-5) around New Year", () => {
    // 2026-01-01 03:00 UTC is 2025-12-31 22:00 in Bogotá
    expect(currentYearInColombia(new Date("2026-01-01T03:00:00Z"))).toBe(2025);
    expect(currentYearInColombia(new Date("2026-01-01T05:00:00Z"))).toBe(2026);
  });
});
