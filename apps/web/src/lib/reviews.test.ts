import { describe, expect, it, vi } from "vitest";
import { UNEXPECTED_ANSWER } from "./contracts.ts";
import { formatAverage, personPath, reviewSummaryView, reviewsCountLabel } from "./reviews.ts";
import { parseReviewSummary } from "./reviews-contract.ts";

describe("reviews summary (owner card, public profile)", () => {
  it("reads the average and count with the contract; no average without reviews; anything else is refused", () => {
    const summary = (body: unknown) => reviewSummaryView(parseReviewSummary(body));
    expect(summary({ success: true, promedio: 4.3, cantidad: 7, data: [] })).toEqual({ promedio: 4.3, cantidad: 7 });
    expect(summary({ success: true, promedio: null, cantidad: 0, data: [] })).toEqual({ promedio: null, cantidad: 0 });
    expect(summary({ success: true, promedio: 5, cantidad: 0, data: [] })).toEqual({ promedio: null, cantidad: 0 });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => parseReviewSummary("nada")).toThrow(UNEXPECTED_ANSWER);
  });

  it("Spanish figures and the profile path", () => {
    expect(formatAverage(4.5)).toBe("4,5");
    expect(reviewsCountLabel(1)).toBe("1 calificación");
    expect(reviewsCountLabel(1200)).toBe("1.200 calificaciones");
    expect(personPath("a/b")).toBe("/usuarios/a%2Fb");
  });
});
