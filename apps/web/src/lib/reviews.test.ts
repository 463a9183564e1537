import { userReviewsResponseSchema } from "@valoriza/domain";
import { describe, expect, it, vi } from "vitest";
import { UNEXPECTED_ANSWER } from "./answer.ts";
import { formatAverage, personPath, readReviewSummary, reviewSummaryView, reviewsCountLabel } from "./reviews.ts";

describe("reviews summary (owner card, public profile)", () => {
  it("reads the average and count; no average without reviews; anything else is refused", () => {
    const summary = (body: unknown) => reviewSummaryView(readReviewSummary(body));
    expect(summary({ success: true, promedio: 4.3, cantidad: 7, data: [] })).toEqual({ promedio: 4.3, cantidad: 7 });
    expect(summary({ success: true, promedio: null, cantidad: 0, data: [] })).toEqual({ promedio: null, cantidad: 0 });
    expect(summary({ success: true, promedio: 5, cantidad: 0, data: [] })).toEqual({ promedio: null, cantidad: 0 });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => readReviewSummary("nada")).toThrow(UNEXPECTED_ANSWER);
  });

  it("reads by hand what the contract (userReviewsResponseSchema) accepts, and refuses what it refuses", () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const ok = { success: true, promedio: 4.3, cantidad: 7, data: [] };
    const bodies: unknown[] = [
      ok,
      { ...ok, promedio: null, cantidad: 0 },
      { ...ok, success: false },
      { ...ok, cantidad: 2.5 },
      { ...ok, cantidad: "7" },
      { ...ok, promedio: undefined },
      { ...ok, promedio: Number.POSITIVE_INFINITY },
      null,
      [ok],
    ];
    for (const body of bodies) {
      const contract = userReviewsResponseSchema.safeParse(body);
      if (contract.success) {
        expect(readReviewSummary(body)).toEqual({ promedio: contract.data.promedio, cantidad: contract.data.cantidad });
      } else expect(() => readReviewSummary(body)).toThrow(UNEXPECTED_ANSWER);
    }
    quiet.mockRestore();
  });

  it("Spanish figures and the profile path", () => {
    expect(formatAverage(4.5)).toBe("4,5");
    expect(reviewsCountLabel(1)).toBe("1 calificación");
    expect(reviewsCountLabel(1200)).toBe("1.200 calificaciones");
    expect(personPath("a/b")).toBe("/usuarios/a%2Fb");
  });
});
