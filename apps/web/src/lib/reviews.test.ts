import { describe, expect, it } from "vitest";
import { formatAverage, normalizeReviewSummary, personPath, reviewsCountLabel } from "./reviews.ts";

describe("reviews summary (owner card, public profile)", () => {
  it("reads the average and count; no average without reviews; anything else is none", () => {
    expect(normalizeReviewSummary({ success: true, promedio: 4.3, cantidad: 7, data: [] })).toEqual({
      promedio: 4.3,
      cantidad: 7,
    });
    expect(normalizeReviewSummary({ promedio: null, cantidad: 0 })).toEqual({ promedio: null, cantidad: 0 });
    expect(normalizeReviewSummary({ promedio: 5, cantidad: 0 })).toEqual({ promedio: null, cantidad: 0 });
    expect(normalizeReviewSummary("nada")).toEqual({ promedio: null, cantidad: 0 });
  });

  it("Spanish figures and the profile path", () => {
    expect(formatAverage(4.5)).toBe("4,5");
    expect(reviewsCountLabel(1)).toBe("1 calificación");
    expect(reviewsCountLabel(1200)).toBe("1.200 calificaciones");
    expect(personPath("a/b")).toBe("/usuarios/a%2Fb");
  });
});
