import { describe, expect, it } from "vitest";
import { IDENTITY_MSG, identityRejectSchema, identitySubmitSchema, normalizeNumeroDocumento } from "./index.ts";

const IMG = "data:image/png;base64,iVBORw0KGgo=";
const base = { tipoDocumento: "CC", numeroDocumento: "1020304050", fotoDocumento: IMG, selfie: IMG };
const messages = (input: unknown) => {
  const r = identitySubmitSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("identity submission", () => {
  it("stores the number without spaces, dots or dashes, in upper case", () => {
    expect(normalizeNumeroDocumento(" 1.020.304-050 ")).toBe("1020304050");
    expect(normalizeNumeroDocumento("ab 123.456")).toBe("AB123456");
    const r = identitySubmitSchema.parse({ ...base, tipoDocumento: "PA", numeroDocumento: "ab-123 456" });
    expect(r.numeroDocumento).toBe("AB123456");
  });

  it("a cédula has 3 to 10 digits; the other documents 3 to 15 letters or digits", () => {
    expect(messages({ ...base, numeroDocumento: "12345678901" })).toEqual([IDENTITY_MSG.numeroCC]);
    expect(messages({ ...base, numeroDocumento: "12A" })).toEqual([IDENTITY_MSG.numeroCC]);
    expect(messages({ ...base, tipoDocumento: "CE", numeroDocumento: "E12345" })).toEqual([]);
    expect(messages({ ...base, tipoDocumento: "PPT", numeroDocumento: "1#2" })).toEqual([IDENTITY_MSG.numeroOtro]);
    expect(messages({ ...base, numeroDocumento: " . " })).toEqual([IDENTITY_MSG.numeroRequerido]);
  });

  it("names what is missing or wrong, in Spanish", () => {
    expect(messages({ ...base, tipoDocumento: "TI" })).toEqual([IDENTITY_MSG.tipoRequerido]);
    expect(messages({ ...base, fotoDocumento: "" })).toEqual([IDENTITY_MSG.fotoDocumentoRequerida]);
    expect(messages({ ...base, selfie: undefined })).toEqual([IDENTITY_MSG.selfieRequerida]);
    expect(messages({ ...base, selfie: "https://example.com/yo.jpg" })).toEqual([
      IDENTITY_MSG.imagenInvalida(IDENTITY_MSG.selfie),
    ]);
  });

  it("a rejection needs a motivo of 3 to 500 characters", () => {
    expect(identityRejectSchema.safeParse({ motivo: "  " }).success).toBe(false);
    expect(identityRejectSchema.safeParse({}).error?.issues[0]?.message).toBe(IDENTITY_MSG.motivoRequerido);
    expect(identityRejectSchema.safeParse({ motivo: "x".repeat(501) }).error?.issues[0]?.message).toBe(
      IDENTITY_MSG.motivoLargo,
    );
    expect(identityRejectSchema.parse({ motivo: " Selfie borrosa " }).motivo).toBe("Selfie borrosa");
  });
});
