import { describe, expect, it } from "vitest";
import { canBuy, stockBadge } from "./process.ts";

describe("stock badge", () => {
  it("hides unlimited stock, agrees in number and says 'Sin stock' at zero", () => {
    expect(stockBadge(-1)).toBeNull();
    expect(stockBadge(0)).toBe("Sin stock");
    expect(stockBadge(1)).toBe("1 disponible");
    expect(stockBadge(2)).toBe("2 disponibles");
    expect(stockBadge(1500)).toBe("1.500 disponibles");
  });
  it("lets a product be bought only with stock or unlimited", () => {
    expect(canBuy({ stock: -1 })).toBe(true);
    expect(canBuy({ stock: 0 })).toBe(false);
    expect(canBuy({ stock: 3 })).toBe(true);
  });
});
