/**
 * Identity verification (issue 17 item 1, ADR 021): a person with a verified email sends a document
 * and a selfie; only admins see them. The admin's decision and the account's deletion:
 * verification.decision.test.ts.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { IDENTITY_MSG, identitySubmittedResponseSchema } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { json } from "../../test/harness.ts";
import {
  admin,
  admin2,
  approve,
  DATA_DIR,
  deskItemOf,
  expectContract,
  nextDoc,
  person,
  photo,
  RESTRICTED,
  reject,
  req,
  rows,
  status,
  submit,
  useVerificationApp,
} from "./verification.setup.testkit.ts";

useVerificationApp();

describe("submitting", () => {
  it("a person with a verified email sends a document and a selfie: 201, then 'pendiente'", async () => {
    const u = await person("Valeria");
    expect(await status(u)).toEqual({ estado: "ninguna", motivo: null, enviadaEn: null });
    const res = await submit(u, { tipoDocumento: "CC", numeroDocumento: " 1.020.304.050 " });
    const body = expectContract(identitySubmittedResponseSchema, res, 201);
    expect(body.message).toBe(IDENTITY_MSG.enviada);
    expect(body.data).toMatchObject({ estado: "pendiente", motivo: null });
    expect(await status(u)).toMatchObject({ estado: "pendiente", motivo: null });

    // On the desk, with the number as stored (no dots or spaces) and the two admin-only image links.
    const [item] = await deskItemOf(u);
    expect(item).toMatchObject({
      estado: "pendiente",
      tipoDocumento: "CC",
      numeroDocumento: "1020304050",
      motivo: null,
      usuario: { _id: u.id, name: "Valeria", email: u.email },
      decididaEn: null,
      decididaPor: null,
      imagenes: {
        documento: `/api/admin/verificaciones/${item._id}/imagenes/documento`,
        selfie: `/api/admin/verificaciones/${item._id}/imagenes/selfie`,
      },
    });

    // The admin gets each image, re-encoded as WebP, without the EXIF the phone wrote.
    for (const [kind, w, h] of [
      ["documento", 900, 600],
      ["selfie", 600, 800],
    ] as const) {
      const img = await req("GET", item.imagenes[kind], admin.auth);
      expect(img.statusCode).toBe(200);
      expect(img.headers["content-type"]).toBe("image/webp");
      expect(img.headers["cache-control"]).toBe("private, no-store");
      const meta = await sharp(img.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width: w, height: h });
      expect(meta.exif).toBeUndefined();
    }
    // Nothing was written to the public uploads folder.
    const uploads = path.join(DATA_DIR, "uploads");
    const files = existsSync(uploads) ? readdirSync(uploads, { recursive: true }) : [];
    expect(files).toEqual([]);
  });

  it("requires a verified email first (409 with a clear message); nothing is stored", async () => {
    const u = await person("Sin correo", false);
    const res = await submit(u);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(IDENTITY_MSG.emailNoVerificado);
    expect(await status(u)).toEqual({ estado: "ninguna", motivo: null, enviadaEn: null });
    expect(await deskItemOf(u)).toEqual([]);
  });

  it("a pending person cannot send twice; an approved one cannot send again", async () => {
    const u = await person();
    expect((await submit(u)).statusCode).toBe(201);
    const again = await submit(u);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(IDENTITY_MSG.pendiente);
    const [item] = await deskItemOf(u);
    expect((await approve(item._id)).statusCode).toBe(200);
    const after = await submit(u);
    expect(after.statusCode).toBe(409);
    expect(json(after).message).toBe(IDENTITY_MSG.yaAprobada);
    expect(await deskItemOf(u)).toHaveLength(1);
  });

  it("one account per document number: another account gets 409, however the number is written", async () => {
    const a = await person("Primera");
    const b = await person("Segunda");
    expect((await submit(a, { numeroDocumento: "52.123.456" })).statusCode).toBe(201);
    const dup = await submit(b, { numeroDocumento: "52 123 456" });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toBe(IDENTITY_MSG.documentoEnUso);
    // Another type with the same number is the same number.
    expect((await submit(b, { tipoDocumento: "PA", numeroDocumento: "52123456" })).statusCode).toBe(409);
    expect(await deskItemOf(b)).toEqual([]);

    // Also once approved; a rejected submission frees the number (it may not have been theirs).
    const [item] = await deskItemOf(a);
    expect((await reject(item._id, "La foto no corresponde al documento")).statusCode).toBe(200);
    expect((await submit(b, { numeroDocumento: "52123456" })).statusCode).toBe(201);
    const back = await submit(a, { numeroDocumento: "52123456" });
    expect(back.statusCode).toBe(409);
    expect(json(back).message).toBe(IDENTITY_MSG.documentoEnUso);
  });

  it("two submissions of the same number at once: one 201, one 409", async () => {
    const a = await person();
    const b = await person();
    const numero = nextDoc();
    const [ra, rb] = await Promise.all([
      submit(a, { numeroDocumento: numero }),
      submit(b, { numeroDocumento: numero }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([201, 409]);
    const n = await rows<{ n: number }>(
      sql`select count(*)::int as n from identity_verifications where numero_documento = ${numero}`,
    );
    expect(n[0]?.n).toBe(1);
  });

  it("refuses bad input with Spanish messages (400)", async () => {
    const u = await person();
    const cases: [Record<string, unknown>, string][] = [
      [{ tipoDocumento: "TI" }, IDENTITY_MSG.tipoRequerido],
      [{ numeroDocumento: "12AB34" }, IDENTITY_MSG.numeroCC],
      [{ numeroDocumento: "" }, IDENTITY_MSG.numeroRequerido],
      [{ tipoDocumento: "PA", numeroDocumento: "A#1" }, IDENTITY_MSG.numeroOtro],
      [{ fotoDocumento: "" }, IDENTITY_MSG.fotoDocumentoRequerida],
      [{ selfie: "https://example.com/yo.jpg" }, IDENTITY_MSG.imagenInvalida(IDENTITY_MSG.selfie)],
      [
        { fotoDocumento: `data:image/png;base64,${Buffer.from("no soy una imagen").toString("base64")}` },
        "La foto del documento está dañada o no es del tipo que indica",
      ],
      [{ selfie: "data:application/pdf;base64,JVBERi0=" }, IDENTITY_MSG.imagenInvalida(IDENTITY_MSG.selfie)],
    ];
    for (const [over, message] of cases) {
      const res = await submit(u, over);
      expect(res.statusCode, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(json(res).message).toContain(message);
    }
    expect(await status(u)).toMatchObject({ estado: "ninguna" });
  });
});

describe("privacy: the documents are never public", () => {
  it("no public or personal answer carries them; only an admin gets the images", async () => {
    const u = await person("Privada");
    const other = await person("Otra");
    const numero = "79876543";
    const docUrl = await photo("#123456");
    expect((await submit(u, { numeroDocumento: numero, fotoDocumento: docUrl })).statusCode).toBe(201);
    const [item] = await deskItemOf(u);
    const base64Start = docUrl.slice(30, 90);

    const answers = [
      await req("GET", "/api/profile", u.auth),
      await req("GET", "/api/profile/exportar", u.auth),
      await req("GET", "/api/assets", undefined),
      await req("GET", `/api/assets/user/${u.id}`, undefined),
      await req("GET", `/api/assets/user/${u.id}`, other.auth),
      await req("GET", `/api/reputation/${u.id}`, undefined),
      await req("GET", `/api/users/email/${encodeURIComponent(u.email)}`, other.auth),
      await req("GET", "/api/notificaciones/usuario", u.auth),
      await req("GET", "/api/verificacion/identidad", u.auth),
      await req("GET", "/api/economia/estado", undefined),
    ];
    for (const a of answers) {
      expect(a.statusCode, a.body.slice(0, 200)).toBeLessThan(500);
      expect(a.body).not.toContain(numero);
      expect(a.body).not.toContain(base64Start);
      expect(a.body).not.toContain(item._id);
      expect(a.body).not.toContain("imagenes/documento");
    }

    // The image URLs: 401 without a session, 403 for the owner and anybody else, 200 for an admin.
    for (const kind of ["documento", "selfie"] as const) {
      const url = item.imagenes[kind];
      expect((await req("GET", url, undefined)).statusCode).toBe(401);
      for (const who of [u, other]) {
        const r = await req("GET", url, who.auth);
        expect(r.statusCode).toBe(403);
        expect(json(r).message).toBe(RESTRICTED);
      }
      expect((await req("GET", url, admin.auth)).statusCode).toBe(200);
      expect((await req("GET", url, admin2.auth)).statusCode).toBe(200);
    }
    // Under no public static route either.
    for (const url of [`/uploads/identidad/${item._id}/documento.webp`, `/uploads/${item._id}`]) {
      expect((await req("GET", url, undefined)).statusCode).toBe(404);
    }
  });

  it("every admin call answers 403 to a member and 401 to a visitor, with no change", async () => {
    const u = await person();
    expect((await submit(u)).statusCode).toBe(201);
    const [item] = await deskItemOf(u);
    const calls: ["GET" | "POST", string, object?][] = [
      ["GET", "/api/admin/verificaciones"],
      ["POST", `/api/admin/verificaciones/${item._id}/aprobar`],
      ["POST", `/api/admin/verificaciones/${item._id}/rechazar`, { motivo: "No se lee el número" }],
    ];
    for (const [method, url, body] of calls) {
      const r = await req(method, url, u.auth, body);
      expect(r.statusCode, url).toBe(403);
      expect(json(r).message).toBe(RESTRICTED);
      expect((await req(method, url, undefined, body)).statusCode).toBe(401);
    }
    expect(await status(u)).toMatchObject({ estado: "pendiente" });
    expect(json(await req("GET", "/api/profile", u.auth)).data.verified).toBe(false);
  });
});
