import { assetRentalResponseSchema } from "@valoriza/domain";
import { describe, expect, it, vi } from "vitest";
import { UNEXPECTED_ANSWER } from "../../lib/answer.ts";
import { readAssetRental } from "./asset-rental.ts";

const rental = {
  _id: "r1",
  assetId: { _id: "a1", title: "Guitarra" },
  ownerId: "u1",
  ownerName: "Carlos",
  pricePerDay: 8,
  startDate: "2026-12-01",
  endDate: "2027-01-30",
  terms: "Con estuche",
  status: "active",
  createdAt: "2026-11-30T08:00:00.000Z",
};
const data = { rental, reservas: [{ startDate: "2026-12-05", endDate: "2026-12-07" }], today: "2026-11-30" };

describe("an asset's rental on its page, read by hand", () => {
  it("reads the publication, the booked days and today", () => {
    expect(readAssetRental({ success: true, data })).toEqual(data);
    expect(readAssetRental({ success: true, data: { rental: null, reservas: [], today: "2026-11-30" } })).toEqual({
      rental: null,
      reservas: [],
      today: "2026-11-30",
    });
  });

  it("accepts and refuses exactly what its contract (assetRentalResponseSchema) does", () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const bodies: unknown[] = [
      { success: true, data },
      { success: true, data: { ...data, rental: null } },
      { success: true, data: { ...data, rental: { ...rental, status: "closed" } } },
      { success: true, data: { ...data, rental: { ...rental, status: "abierto" } } },
      { success: true, data: { ...data, rental: { ...rental, pricePerDay: "8" } } },
      { success: true, data: { ...data, rental: { ...rental, assetId: "a1" } } },
      { success: true, data: { ...data, rental: { ...rental, terms: undefined } } },
      { success: true, data: { ...data, reservas: [{ startDate: "2026-12-05" }] } },
      { success: true, data: { ...data, reservas: null } },
      { success: true, data: { ...data, today: 20261130 } },
      { success: false, data },
      { success: true },
      null,
    ];
    for (const body of bodies) {
      const contract = assetRentalResponseSchema.safeParse(body);
      if (contract.success) expect(readAssetRental(body)).toEqual(contract.data.data);
      else expect(() => readAssetRental(body), JSON.stringify(body)).toThrow(UNEXPECTED_ANSWER);
    }
    quiet.mockRestore();
  });
});
