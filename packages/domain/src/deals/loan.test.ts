import { expect, it } from "vitest";
import { DONATION_PROCESS } from "./donation.ts";
import { LOAN_MSG } from "./loan.messages.ts";
import { createLoanSchema, LOAN_EFFECTS, LOAN_GUARDS, LOAN_PROCESS } from "./loan.ts";
import { LOAN_COLLATERAL_EFFECTS, LOAN_COLLATERAL_GUARDS, LOAN_COLLATERAL_PROCESS } from "./loan-collateral.ts";
import { validateProcess } from "./process.ts";

it("loan and donation tables are sound", () => {
  expect(validateProcess(LOAN_PROCESS, { guards: [...LOAN_GUARDS], effects: [...LOAN_EFFECTS] })).toEqual([]);
  expect(
    validateProcess(LOAN_COLLATERAL_PROCESS, {
      guards: [...LOAN_COLLATERAL_GUARDS],
      effects: [...LOAN_COLLATERAL_EFFECTS],
    }),
  ).toEqual([]);
  expect(validateProcess(DONATION_PROCESS)).toEqual([]);
});

it("loan interest and dates", async () => {
  const { loanInterestCredits, loanDueDate, loanReminderAt } = await import("./loan.ts");
  expect(loanInterestCredits(1040, 10)).toBe(104);
  expect(loanInterestCredits(1040, 0)).toBe(0);
  const t0 = new Date("2026-01-01T00:00:00Z");
  expect(loanDueDate(t0, 7).toISOString()).toBe("2026-01-08T00:00:00.000Z");
  expect(loanReminderAt(t0, 7).toISOString()).toBe("2026-01-07T00:00:00.000Z");
  expect(loanReminderAt(t0, 1).toISOString()).toBe(t0.toISOString());
});

it("an asset collateral is required with activo_colateral and cannot be the lent asset", () => {
  const activoId = "0190aaaa-0000-7000-8000-000000000001";
  const base = { activoId, prestamistaId: "0190aaaa-0000-7000-8000-000000000002", garantiaTipo: "activo_colateral" };
  const missing = createLoanSchema.safeParse(base);
  expect(missing.success).toBe(false);
  expect(missing.error?.issues.map((i) => i.message)).toEqual([LOAN_MSG.collateralRequired]);
  const same = createLoanSchema.safeParse({ ...base, garantiaActivoId: activoId });
  expect(same.error?.issues.map((i) => i.message)).toEqual([LOAN_MSG.collateralSameAsset]);
  const ok = createLoanSchema.safeParse({ ...base, garantiaActivoId: "0190AAAA-0000-7000-8000-000000000003" });
  expect(ok.data?.garantiaActivoId).toBe("0190aaaa-0000-7000-8000-000000000003");
  // Another guarantee type ignores it and does not ask for it.
  expect(createLoanSchema.safeParse({ ...base, garantiaTipo: "tarjeta" }).success).toBe(true);
});
