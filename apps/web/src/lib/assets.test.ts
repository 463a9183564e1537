import { describe, expect, it } from "vitest";
import { unwrapData } from "./account.ts";
import { assetPath, normalizeAsset, normalizeAssetList } from "./assets.ts";

const listed = {
  _id: "a1",
  userId: { _id: "u1", name: "Ana", apellido: "Ruiz", ciudad: "Medellín", pais: "Colombia" },
  title: "Bicicleta",
  assetType: "bien",
  category: "Deportes",
  ubicacion: { ciudad: "Medellín", departamento: "Antioquia" },
  images: ["/uploads/1.jpg", "", 3],
  baseValueCOP: 500_000,
  valorCOPReconocido: 400_000,
  creditosAsignados: 400,
  valueCredits: 350,
  status: "disponible",
  distanciaKm: 2,
};

describe("normalizeAsset", () => {
  it("reads a listed asset with its populated owner", () => {
    const asset = normalizeAsset(listed);
    expect(asset).toMatchObject({
      id: "a1",
      ownerId: "u1",
      owner: { id: "u1", name: "Ana", apellido: "Ruiz", ciudad: "Medellín", pais: "Colombia" },
      title: "Bicicleta",
      assetType: "bien",
      ciudad: "Medellín",
      departamento: "Antioquia",
      images: ["/uploads/1.jpg"],
      credits: 400,
      valueCOP: 400_000,
      distanceKm: 2,
      privacy: "publico",
      vecesUsado: 0,
    });
  });

  it("takes the owner id as written when it is not populated (my assets)", () => {
    expect(normalizeAsset({ id: "a2", userId: "u9" })).toMatchObject({ id: "a2", ownerId: "u9", owner: null });
  });

  it("falls back for missing fields: credits, value, title and type", () => {
    const asset = normalizeAsset({ _id: "a3", valueCredits: 12, baseValueCOP: 12_000, type: "tiempo" });
    expect(asset).toMatchObject({
      title: "Activo sin título",
      assetType: "tiempo",
      credits: 12,
      valueCOP: 12_000,
      yearOfPurchase: null,
      especializado: null,
      distanceKm: null,
    });
  });

  it("drops what has no id", () => {
    expect(normalizeAsset({ title: "Sin id" })).toBeNull();
    expect(normalizeAsset(null)).toBeNull();
  });
});

describe("normalizeAssetList and the detail (normalizeAsset of unwrapData)", () => {
  it("reads a list as an array or inside the { success, data } envelope, skipping bad rows", () => {
    expect(normalizeAssetList([listed, { nope: true }]).map((a) => a.id)).toEqual(["a1"]);
    expect(normalizeAssetList({ success: true, data: [listed] }).map((a) => a.id)).toEqual(["a1"]);
    expect(normalizeAssetList({ data: "x" })).toEqual([]);
  });

  it("reads the detail with or without the envelope", () => {
    expect(normalizeAsset(unwrapData({ success: true, data: listed }))?.id).toBe("a1");
    expect(normalizeAsset(unwrapData(listed))?.id).toBe("a1");
    expect(normalizeAsset(unwrapData({ success: true, data: null }))).toBeNull();
  });
});

describe("assetPath", () => {
  it("escapes the id", () => {
    expect(assetPath("a/1")).toBe("/ver-activo/a%2F1");
  });
});
