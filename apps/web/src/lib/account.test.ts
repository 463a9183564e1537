import { describe, expect, it } from "vitest";
import { normalizeProfile, unwrapData } from "./account.ts";

describe("unwrapData", () => {
  it("answers the envelope's data, or the body itself", () => {
    expect(unwrapData({ success: true, data: { a: 1 } })).toEqual({ a: 1 });
    expect(unwrapData([1, 2])).toEqual([1, 2]);
    expect(unwrapData(null)).toBeNull();
  });
});

describe("normalizeProfile", () => {
  it("keeps the known values and the accepted terms", () => {
    const profile = normalizeProfile({
      _id: "u1",
      name: "Ana",
      email: "ana@example.com",
      sexo: "femenino",
      userType: "empresa",
      fechaNacimiento: "1990-05-04T00:00:00.000Z",
      credits: 120,
      isAdmin: true,
      consentimiento: { version: "2025-01", fecha: "2025-02-01" },
    });
    expect(profile).toMatchObject({
      _id: "u1",
      name: "Ana",
      sexo: "femenino",
      userType: "empresa",
      fechaNacimiento: "1990-05-04",
      credits: 120,
      isAdmin: true,
      consentimiento: { version: "2025-01", fecha: "2025-02-01" },
    });
  });

  it("gives neutral defaults for missing or unknown values", () => {
    const profile = normalizeProfile({ id: "u2", sexo: "otro-valor", visibility: 3, credits: "9" });
    expect(profile).toMatchObject({
      _id: "u2",
      name: "",
      sexo: "no_especificar",
      userType: "persona",
      visibility: "publico",
      credits: 0,
      verified: false,
      redes: { facebook: "", instagram: "", linkedin: "" },
      consentimiento: null,
    });
  });
});
