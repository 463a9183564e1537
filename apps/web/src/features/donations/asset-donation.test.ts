import { assetDonationResponseSchema } from "@valoriza/domain";
import { describe, expect, it, vi } from "vitest";
import { UNEXPECTED_ANSWER } from "../../lib/answer.ts";
import { assetDonationView, readAssetDonation } from "./asset-donation.ts";

const details = {
  donorId: { _id: "u1", name: "Lucía" },
  recipientId: { _id: "u2", name: "Andrés" },
  message: "Para tus clases",
  createdAt: "2026-11-30T08:00:00.000Z",
};
const mine = {
  _id: "d1",
  assetId: "a1",
  community: false,
  status: "pending",
  role: "beneficiario",
  reservedForSomeoneElse: false,
  details,
};
const hidden = { ...mine, _id: null, role: null, reservedForSomeoneElse: true, details: null };

describe("the asset page's pending donation, read by hand", () => {
  it("shows the recipient what is theirs and nobody else anything about it", () => {
    const view = (data: unknown) => {
      const read = readAssetDonation({ success: true, data });
      return read ? assetDonationView(read) : null;
    };
    expect(view(mine)).toEqual({
      id: "d1",
      community: false,
      role: "beneficiario",
      reservedForSomeoneElse: false,
      donor: { id: "u1", name: "Lucía" },
      recipient: { id: "u2", name: "Andrés" },
      message: "Para tus clases",
    });
    expect(view(hidden)).toMatchObject({ id: null, reservedForSomeoneElse: true, donor: null, recipient: null });
    expect(view(null)).toBeNull();
  });

  it("accepts and refuses exactly what its contract (assetDonationResponseSchema) does", () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const bodies: unknown[] = [
      { success: true, data: mine },
      { success: true, data: hidden },
      { success: true, data: null },
      { success: true, data: { ...mine, community: true, role: null, details: { ...details, recipientId: null } } },
      { success: true },
      { success: false, data: null },
      { success: true, data: { ...mine, status: "completed" } },
      { success: true, data: { ...mine, role: "dueño" } },
      { success: true, data: { ...mine, community: "no" } },
      { success: true, data: { ...mine, _id: 7 } },
      { success: true, data: { ...mine, details: { ...details, donorId: { _id: "u1" } } } },
      { success: true, data: { ...mine, details: { ...details, createdAt: undefined } } },
      { success: true, data: [] },
      "nada",
    ];
    for (const body of bodies) {
      const contract = assetDonationResponseSchema.safeParse(body);
      if (contract.success) expect(readAssetDonation(body)).toEqual(contract.data.data);
      else expect(() => readAssetDonation(body), JSON.stringify(body)).toThrow(UNEXPECTED_ANSWER);
    }
    quiet.mockRestore();
  });
});
