import { describe, expect, it } from "vitest";
import { CUSTODY_PROCESS } from "../deals/custody.ts";
import { DONATION_PROCESS } from "../deals/donation.ts";
import { LOAN_PROCESS } from "../deals/loan.ts";
import { LOAN_COLLATERAL_PROCESS } from "../deals/loan-collateral.ts";
import { outcomeOf, type ProcessSpec, validateProcess } from "../deals/process.ts";
import { RENTAL_PROCESS } from "../deals/rental.ts";
import { EXCHANGE_PROCESS, LOCAL_EXCHANGE_PROCESS } from "../exchanges/process.ts";
import { PURCHASE_PROCESS } from "../marketplace/process.ts";
import { WITHDRAWAL_PROCESS } from "../withdrawals/process.ts";
import { createReviewSchema, REVIEW_MSG, REVIEW_PROCESS, reviewAverage, reviewPairOf } from "./index.ts";

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

/** Every (process, transition) whose end opens a review round, with two people in every role. */
function reviewableEnds(): string[] {
  const out: string[] = [];
  for (const p of ALL) {
    const parties = Object.fromEntries(p.roles.map((r, i) => [r, `user-${i}`]));
    for (const [name, t] of Object.entries(p.transitions)) {
      const o = outcomeOf(p, name, t.actors[0] ?? "");
      if (o && reviewPairOf(p, { outcome: o.resultado, parties })) out.push(`${p.name}.${name}`);
    }
  }
  return out.sort();
}

describe("reviews", () => {
  it("the table is sound", () => {
    expect(validateProcess(REVIEW_PROCESS)).toEqual([]);
  });

  it("exactly the completions between two people open a round (read from outcomes, no names)", () => {
    expect(reviewableEnds()).toEqual(
      [
        "custodia.confirmar",
        // A dispute the admin settles by paying the seller (issue 19): the asset was handed over, so
        // both may say how the deal went; a refund (cancelado) opens no round.
        "custodia.liberar",
        "intercambio.aceptar",
        "intercambio_local.aceptar",
        "prestamo.confirmarDevolucion",
        "alquiler.finalizar",
        "alquiler.cerrar",
        "donacion.aceptar",
      ].sort(),
    );
  });

  it("one person on both sides, a review round itself: no round", () => {
    expect(reviewPairOf(CUSTODY_PROCESS, { outcome: "completado", parties: { oferente: "x", receptor: "x" } })).toBe(
      null,
    );
    expect(reviewPairOf(REVIEW_PROCESS, { outcome: "completado", parties: { parte_a: "x", parte_b: "y" } })).toBeNull();
  });

  it("body: integer 1–5, comment up to 1,000 characters, a uuid", () => {
    const id = "0190aaaa-0000-7000-8000-000000000001";
    expect(createReviewSchema.parse({ operacionId: id.toUpperCase(), puntuacion: 5 })).toEqual({
      operacionId: id,
      puntuacion: 5,
      comentario: "",
    });
    for (const puntuacion of [0, 6, 4.5, "5"]) {
      const r = createReviewSchema.safeParse({ operacionId: id, puntuacion });
      expect(r.success ? null : r.error.issues[0]?.message).toBe(REVIEW_MSG.puntuacionInvalida);
    }
    const long = createReviewSchema.safeParse({ operacionId: id, puntuacion: 3, comentario: "a".repeat(1001) });
    expect(long.success ? null : long.error.issues[0]?.message).toBe(REVIEW_MSG.comentarioLargo);
    const bad = createReviewSchema.safeParse({ operacionId: "x", puntuacion: 3 });
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe(REVIEW_MSG.operacionInvalida);
  });

  it("average with one decimal, null without reviews", () => {
    expect(reviewAverage(0, 0)).toBeNull();
    expect(reviewAverage(14, 3)).toBe(4.7);
  });
});
