import { type AssetContract, pagedAssetListResponseSchema } from "@valoriza/domain";
import { describe, expect, it, vi } from "vitest";
import { assetFromContract, parseAnswer, UNEXPECTED_ANSWER } from "./contracts.ts";

const asset: AssetContract = {
  _id: "a1",
  userId: { _id: "u1", name: "Ana", apellido: "Ruiz", ciudad: "Medellín", pais: "Colombia" },
  title: "Bicicleta",
  description: "Poco uso",
  assetType: "bien",
  type: "bien",
  origin: "personal",
  category: "Deportes",
  subcategory: "",
  especializacion: "",
  condition: "usado",
  physicalState: "bueno",
  yearOfPurchase: 2022,
  baseValueCOP: 500_000,
  location: "Laureles",
  ubicacion: { ciudad: "Medellín", departamento: "Antioquia" },
  mainPurpose: "prestar",
  privacy: "publico",
  images: ["/uploads/1.webp", ""],
  thumbnails: [],
  depreciation: 20,
  valorActualCOP: 400_000,
  valorCOPOriginal: 500_000,
  valorCOPReconocido: 400_000,
  antiguedadAnios: 3,
  creditosAsignados: 400,
  valueCredits: 400,
  credits: 400,
  estadoCredito: "bloqueado",
  vecesUsado: 0,
  status: "disponible",
  horas: null,
  especializado: null,
  tipoServicio: null,
  monto: null,
  tipoAporte: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

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
