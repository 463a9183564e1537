import { adminIdentityDecisionResponseSchema, IDENTITY_MSG } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { json } from "../../test/harness.ts";
import {
  admin,
  admin2,
  approve,
  desk,
  deskItemOf,
  expectContract,
  mailsTo,
  nextDoc,
  person,
  reject,
  req,
  rows,
  status,
  submit,
  useVerificationApp,
} from "./verification.setup.testkit.ts";

useVerificationApp();

describe("the admin's decision", () => {
  it("approval sets the profile's verified, is logged, notified in the app and mailed", async () => {
    const u = await person("Camila");
    expect((await submit(u)).statusCode).toBe(201);
    expect(json(await req("GET", "/api/profile", u.auth)).data.verified).toBe(false);
    const [item] = await deskItemOf(u);
    const body = expectContract(adminIdentityDecisionResponseSchema, await approve(item._id));
    expect(body.message).toBe(IDENTITY_MSG.aprobadaAdmin);
    expect(body.data).toMatchObject({ estado: "aprobada", decididaPor: { _id: admin.id, name: "Ana" }, motivo: null });
    expect(body.data.decididaEn).toBeTruthy();

    expect(json(await req("GET", "/api/profile", u.auth)).data.verified).toBe(true);
    expect(await status(u)).toMatchObject({ estado: "aprobada", motivo: null });

    const log = json(await req("GET", "/api/admin/registro?accion=identidad_aprobada&limit=200", admin.auth));
    const entries = log.data.filter((e: { objetoId: string }) => e.objetoId === u.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ admin: { _id: admin.id }, objetoTipo: "usuario" });
    expect(entries[0].detalle).toContain("Cédula de ciudadanía");

    const notes = json(await req("GET", "/api/notificaciones/usuario", u.auth)).data;
    expect(notes).toContainEqual(
      expect.objectContaining({
        titulo: IDENTITY_MSG.notifAprobadaTitulo,
        descripcion: IDENTITY_MSG.notifAprobadaTexto,
        enlace: "/verificacion",
      }),
    );

    const [mail] = await mailsTo(u.email);
    expect(mail?.subject).toContain("verificada");
    expect(mail?.text).toContain("Tu identidad fue verificada");
    expect(mail?.text).toContain("https://valoriza.example/verificacion");
  });

  it("two admins approving at once: exactly one effect (the other gets 409), one log entry, one notice", async () => {
    const u = await person();
    expect((await submit(u)).statusCode).toBe(201);
    const [item] = await deskItemOf(u);
    const [a, b] = await Promise.all([approve(item._id, admin), approve(item._id, admin2)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(json(loser).message).toBe(IDENTITY_MSG.yaDecidida);

    const log = await rows<{ n: number }>(
      sql`select count(*)::int as n from admin_actions where objeto_id = ${u.id} and accion like 'identidad_%'`,
    );
    expect(log[0]?.n).toBe(1);
    const notes = json(await req("GET", "/api/notificaciones/usuario", u.auth)).data.filter(
      (n: { enlace: string | null }) => n.enlace === "/verificacion",
    );
    expect(notes).toHaveLength(1);
    const mails = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where user_id = ${u.id} and template like 'identidad_%'`,
    );
    expect(mails[0]?.n).toBe(1);

    // An approval racing a rejection: one wins as well.
    const v = await person();
    expect((await submit(v)).statusCode).toBe(201);
    const [other] = await deskItemOf(v);
    const [x, y] = await Promise.all([approve(other._id, admin), reject(other._id, "Selfie borrosa", admin2)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const decided = (await deskItemOf(v))[0];
    expect(json(await req("GET", "/api/profile", v.auth)).data.verified).toBe(decided.estado === "aprobada");
  });

  it("reject needs a motivo; the person sees it, may send again, and the old images are gone", async () => {
    const u = await person("Daniel");
    expect((await submit(u)).statusCode).toBe(201);
    const [first] = await deskItemOf(u);
    for (const motivo of [undefined, "", "  "]) {
      const r = await reject(first._id, motivo);
      expect(r.statusCode).toBe(400);
      expect(json(r).message).toBe(IDENTITY_MSG.motivoRequerido);
    }
    const motivo = "La foto del documento está borrosa: no se lee el número";
    const body = expectContract(adminIdentityDecisionResponseSchema, await reject(first._id, motivo));
    expect(body.data).toMatchObject({ estado: "rechazada", motivo, decididaPor: { _id: admin.id } });
    expect((await approve(first._id)).statusCode).toBe(409);
    expect(await status(u)).toMatchObject({ estado: "rechazada", motivo });
    expect(json(await req("GET", "/api/profile", u.auth)).data.verified).toBe(false);

    const notes = json(await req("GET", "/api/notificaciones/usuario", u.auth)).data;
    expect(notes).toContainEqual(
      expect.objectContaining({
        titulo: IDENTITY_MSG.notifRechazadaTitulo,
        descripcion: IDENTITY_MSG.notifRechazadaTexto(motivo),
        enlace: "/verificacion",
      }),
    );
    const [mail] = await mailsTo(u.email);
    expect(mail?.subject).toBe("No pudimos verificar tu identidad en Valoriza");
    expect(mail?.text).toContain(motivo);

    const log = json(await req("GET", "/api/admin/registro?accion=identidad_rechazada&limit=200", admin.auth));
    expect(log.data.filter((e: { objetoId: string }) => e.objetoId === u.id)).toHaveLength(1);

    // Sends again: pending, and the rejected submission's images are deleted (retention, ADR 021).
    expect((await submit(u)).statusCode).toBe(201);
    expect(await status(u)).toMatchObject({ estado: "pendiente", motivo: null });
    const items = await deskItemOf(u);
    expect(items).toHaveLength(1);
    expect(items[0]._id).not.toBe(first._id);
    expect((await req("GET", first.imagenes.documento, admin.auth)).statusCode).toBe(404);
    expect((await approve(items[0]._id)).statusCode).toBe(200);
    expect(await status(u)).toMatchObject({ estado: "aprobada" });
  });

  it("the desk lists pending first (oldest first), then decided ones, with counts", async () => {
    const list = await desk();
    const estados = list.data.map((d: { estado: string }) => d.estado);
    const firstDecided = estados.findIndex((e: string) => e !== "pendiente");
    expect(estados.slice(firstDecided).includes("pendiente")).toBe(false);
    const pending = list.data.filter((d: { estado: string }) => d.estado === "pendiente");
    const dates = pending.map((d: { enviadaEn: string }) => d.enviadaEn);
    expect(dates).toEqual([...dates].sort());
    expect(list.counts.pendiente).toBe(pending.length);
    expect(list.counts.aprobada).toBeGreaterThan(0);
    expect(list.counts.rechazada).toBeGreaterThanOrEqual(0);
    const onlyPending = await req("GET", "/api/admin/verificaciones?estado=pendiente", admin.auth);
    expect(json(onlyPending).data.every((d: { estado: string }) => d.estado === "pendiente")).toBe(true);
  });

  it("unknown or malformed ids: 404 and 400", async () => {
    const unknown = "0190a0a0-0000-7000-8000-000000000000";
    expect((await approve(unknown)).statusCode).toBe(404);
    expect((await reject(unknown, "Motivo suficiente")).statusCode).toBe(404);
    expect((await req("GET", `/api/admin/verificaciones/${unknown}/imagenes/selfie`, admin.auth)).statusCode).toBe(404);
    const bad = await approve("no-es-un-id");
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(IDENTITY_MSG.idInvalido);
    const badKind = await req("GET", `/api/admin/verificaciones/${unknown}/imagenes/pasaporte`, admin.auth);
    expect(badKind.statusCode).toBe(400);
  });
});

describe("account deletion", () => {
  it("deleting the account deletes the submission and both images", async () => {
    const u = await person("Borrar");
    const numero = nextDoc();
    expect((await submit(u, { numeroDocumento: numero })).statusCode).toBe(201);
    const [item] = await deskItemOf(u);
    expect((await approve(item._id)).statusCode).toBe(200);

    const del = await req("DELETE", "/api/profile", u.auth, { password: u.password });
    expect(del.statusCode, del.body).toBe(200);

    const left = await rows<{ n: number }>(
      sql`select (select count(*)::int from identity_verifications where user_id = ${u.id})
        + (select count(*)::int from identity_images where verification_id = ${item._id}) as n`,
    );
    expect(left[0]?.n).toBe(0);
    expect(await deskItemOf(u)).toEqual([]);
    expect((await req("GET", item.imagenes.documento, admin.auth)).statusCode).toBe(404);
    // The number is free again (the person may open a new account and verify it).
    const again = await person("Nueva cuenta");
    expect((await submit(again, { numeroDocumento: numero })).statusCode).toBe(201);
    // The log keeps that a decision happened (append-only), without the document number.
    const log = await rows<{ detalle: string }>(sql`select detalle from admin_actions where objeto_id = ${u.id}`);
    expect(log).toHaveLength(1);
    expect(log[0]?.detalle).not.toContain(numero);
  });
});
