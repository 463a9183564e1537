import { describe, expect, it } from "vitest";
import { REPORT_MOTIVO_LABELS, REPORT_MOTIVOS } from "./messages.ts";
import { createReportSchema, moderationDecisionSchema } from "./schemas.ts";

const ID = "01890000-0000-7000-8000-000000000000";
const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("reports", () => {
  it("every motive has a Spanish label", () => {
    for (const m of REPORT_MOTIVOS) expect(REPORT_MOTIVO_LABELS[m]).toMatch(/^[A-ZÁÉÍÓÚ]/);
  });

  it("a user or an asset is reported by uuid, a chat message by its number; descripcion up to 1000", () => {
    expect(createReportSchema.parse({ tipo: "activo", objetivoId: ID.toUpperCase(), motivo: "fraude" })).toEqual({
      tipo: "activo",
      objetivoId: ID,
      motivo: "fraude",
      descripcion: "",
    });
    expect(createReportSchema.safeParse({ tipo: "mensaje", objetivoId: "42", motivo: "acoso" }).success).toBe(true);
    expect(issue(createReportSchema.safeParse({ tipo: "mensaje", objetivoId: ID, motivo: "acoso" }))).toBe(
      "El identificador de lo que reportas no es válido",
    );
    expect(issue(createReportSchema.safeParse({ tipo: "usuario", objetivoId: "42", motivo: "acoso" }))).toBe(
      "El identificador de lo que reportas no es válido",
    );
    expect(issue(createReportSchema.safeParse({ tipo: "otro", objetivoId: ID, motivo: "acoso" }))).toBe(
      "Elige qué quieres reportar: usuario, activo o mensaje",
    );
    const long = { tipo: "activo", objetivoId: ID, motivo: "otro", descripcion: "a".repeat(1001) };
    expect(issue(createReportSchema.safeParse(long))).toBe("La descripción puede tener hasta 1000 caracteres");
    expect(createReportSchema.safeParse({ ...long, descripcion: ` ${"a".repeat(1000)} ` }).success).toBe(true);
  });

  it("an admin's decision needs a reason", () => {
    expect(moderationDecisionSchema.parse({ motivo: "  Fotos   robadas " })).toEqual({ motivo: "Fotos robadas" });
    expect(issue(moderationDecisionSchema.safeParse({ motivo: " " }))).toBe("Escribe el motivo de la decisión");
    expect(issue(moderationDecisionSchema.safeParse({}))).toBe("Escribe el motivo de la decisión");
  });
});
