import { describe, expect, it } from "vitest";
import { assetFormSchema } from "../assets/schemas.ts";
import { registerSchema } from "../auth/schemas.ts";
import { chatTextSchema } from "../chat/index.ts";
import { profileUpdateSchema } from "../profile/schemas.ts";
import { findControlChars, hasControlChars, isBlankText, visibleText } from "./text.ts";

const INVISIBLES = ["\u200B", "\u200B\u200C\u200D", " \u2060 ", "\uFEFF", "\u00AD", "\u3164", "\u2800", "\u00A0\u3000"];

describe("isBlankText", () => {
  it("sees text made only of spaces and invisible characters as blank", () => {
    for (const s of ["", "   ", "\t\n", ...INVISIBLES]) expect(isBlankText(s), JSON.stringify(s)).toBe(true);
  });
  it("keeps real text, accents and emoji", () => {
    for (const s of ["a", " ñ ", "\u200BBici", "🚲", "Árbol"]) expect(isBlankText(s), s).toBe(false);
    expect(visibleText("Bi\u200Bci")).toBe("Bici");
  });
});

describe("control characters", () => {
  it("finds NUL, escape and DEL; free text keeps tab and line breaks", () => {
    expect(hasControlChars("a\u0000b")).toBe(true);
    expect(hasControlChars("\u001b[31m")).toBe(true);
    expect(hasControlChars("x\u007f")).toBe(true);
    expect(hasControlChars("línea\r\n\tsangría")).toBe(false);
    expect(hasControlChars("línea\n", { multiline: false })).toBe(true);
  });
  it("names the first offending field in a nested body, keys included", () => {
    expect(findControlChars({ a: "ok", redes: { facebook: "x\u0000" } })).toEqual({ path: "redes.facebook" });
    expect(findControlChars({ imagenes: ["ok", "\u0007"] })).toEqual({ path: "imagenes[1]" });
    expect(findControlChars({ "k\u0000": 1 })).toEqual({ path: "k\u0000" });
    expect(findControlChars({ a: ["ok", { b: "fine\n" }], n: 3, z: null })).toBeUndefined();
  });
});

describe("required text made only of invisible characters is refused (issue 6, defect 8)", () => {
  it("sign-up name", () => {
    const r = registerSchema.safeParse({ name: "\u200B\u200B", email: "a@b.co", password: "secreta123" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("El nombre es obligatorio");
  });
  it("profile name", () => {
    const r = profileUpdateSchema.safeParse({ name: "\u2060\uFEFF" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("El nombre es obligatorio");
    expect(profileUpdateSchema.safeParse({ name: "Ana" }).success).toBe(true);
  });
  it("asset title and description", () => {
    const r = assetFormSchema.safeParse({ title: "\u200B", description: "\u3164" });
    expect(r.success).toBe(false);
    const paths = (r.error?.issues ?? []).map((i) => i.path.join("."));
    expect(paths).toContain("title");
    expect(paths).toContain("description");
  });
  it("chat message", () => {
    const r = chatTextSchema.safeParse("\u200B\u200B\n\u2060");
    expect(r.success).toBe(false);
    expect(chatTextSchema.safeParse("¿Sigue disponible?").success).toBe(true);
  });
});
