import { pagedAssetListResponseSchema } from "@valoriza/domain";
import { describe, expect, it, vi } from "vitest";
import { assetContractSample } from "./asset-fixture.testkit.ts";
import { assetFromContract, parseAnswer, UNEXPECTED_ANSWER } from "./contracts.ts";

const asset = assetContractSample;

describe("parseAnswer", () => {
  it("answers the typed data of an answer that keeps its contract", () => {
    const page = parseAnswer(pagedAssetListResponseSchema, {
      success: true,
      data: [asset],
      total: 1,
      limit: 24,
      offset: 0,
    });
    expect(page.data[0]?._id).toBe("a1");
  });

  it("refuses an answer out of its contract with a message a person can read", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => parseAnswer(pagedAssetListResponseSchema, { success: true, data: [{ _id: 1 }] })).toThrow(
      UNEXPECTED_ANSWER,
    );
    expect(log).toHaveBeenCalledOnce();
  });
});

describe("assetFromContract", () => {
  it("gives the same asset the hand-written reader gives (the card's fields)", () => {
    expect(assetFromContract(asset)).toMatchObject({
      id: "a1",
      ownerId: "u1",
      owner: { id: "u1", name: "Ana", apellido: "Ruiz", ciudad: "Medellín", pais: "Colombia" },
      assetType: "bien",
      ciudad: "Medellín",
      departamento: "Antioquia",
      images: ["/uploads/1.webp"],
      credits: 400,
      valueCOP: 400_000,
      tipoServicio: "",
      distanceKm: null,
    });
  });

  it("keeps the owner's id when the owner is not populated (my assets)", () => {
    expect(assetFromContract({ ...asset, userId: "u9", title: "" })).toMatchObject({
      ownerId: "u9",
      owner: null,
      title: "Activo sin título",
    });
  });
});
