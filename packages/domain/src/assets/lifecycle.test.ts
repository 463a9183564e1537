import { describe, expect, it } from "vitest";
import { assetTransitionRefusal, canAssetTransition, isAssetListedStatus, nextAssetStatus } from "./lifecycle.ts";

describe("the asset's life", () => {
  it("a listed asset is reserved by a deal and freed when it ends", () => {
    expect(nextAssetStatus({ status: "disponible", vecesUsado: 0 }, "reservar")).toBe("operacion");
    expect(nextAssetStatus({ status: "activo", vecesUsado: 3 }, "reservar")).toBe("operacion");
    expect(nextAssetStatus({ status: "operacion", vecesUsado: 0 }, "liberar")).toBe("disponible");
  });

  it("an asset in a deal takes no second deal and cannot be deactivated", () => {
    expect(assetTransitionRefusal({ status: "operacion", vecesUsado: 0 }, "reservar")).toBe("estado");
    expect(assetTransitionRefusal({ status: "operacion", vecesUsado: 0 }, "desactivar")).toBe("estado");
  });

  it("deactivation only for never-used listed assets, and it is final", () => {
    expect(canAssetTransition({ status: "disponible", vecesUsado: 0 }, "desactivar")).toBe(true);
    expect(assetTransitionRefusal({ status: "disponible", vecesUsado: 1 }, "desactivar")).toBe("usado");
    for (const t of ["reservar", "liberar", "desactivar"] as const) {
      expect(assetTransitionRefusal({ status: "desactivado", vecesUsado: 0 }, t)).toBe("desactivado");
    }
    expect(() => nextAssetStatus({ status: "desactivado", vecesUsado: 0 }, "liberar")).toThrow();
  });

  it("only activo and disponible are listed", () => {
    expect(isAssetListedStatus("activo")).toBe(true);
    expect(isAssetListedStatus("disponible")).toBe(true);
    expect(isAssetListedStatus("operacion")).toBe(false);
  });
});
