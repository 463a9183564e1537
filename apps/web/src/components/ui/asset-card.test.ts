import { describe, expect, it } from "vitest";
import { distanceLabel } from "./asset-card.tsx";

describe("distanceLabel", () => {
  it("rounds to one decimal under 10 km and to whole km above, with a decimal comma", () => {
    expect(distanceLabel(2.35)).toBe("A 2,4 km");
    expect(distanceLabel(12.6)).toBe("A 13 km");
    expect(distanceLabel(1)).toBe("A 1 km");
  });

  it("never gives a figure under 1 km (the public point is not the exact place)", () => {
    expect(distanceLabel(0)).toBe("A menos de 1 km");
    expect(distanceLabel(0.99)).toBe("A menos de 1 km");
  });
});
