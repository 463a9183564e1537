/**
 * Reviews (issue 19 part 1), on a fresh database through the HTTP routes: a completed sale opens a
 * round for both parties; only they may review, once, after the deal ended; the reviews stay hidden
 * until both reviewed or the round's 14-day timer (the injected clock) publishes them; the public
 * profile and the public list show only what is published.
 */
import {
  createdReviewResponseSchema,
  type PendingReview,
  pendingReviewsResponseSchema,
  publicProfileResponseSchema,
  userReviewsResponseSchema,
} from "@valoriza/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, PRICE, quietPool } from "../custody/custody.testkit.ts";
import { listDealsOfUser } from "../deals/index.ts";

const DAY = 24 * 60 * 60 * 1000;
let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
});
afterAll(() => t.close());

/** A sale with credits from `seller` to `buyer`, confirmed with the code: the custody's _id. */
async function completedSale(seller: TestUser, buyer: TestUser, title = "Cámara Canon EOS") {
  const asset = await k.listFor(seller, { title });
  await k.fund(buyer, PRICE);
  const c = json(await k.buy(buyer, asset._id, seller.id)).custodia as { _id: string };
  const code = await k.codeOf(seller, c._id);
  expect((await k.confirm(buyer, code)).statusCode).toBe(200);
  return { custodyId: c._id, assetId: asset._id };
}

const review = (u: TestUser | null, operacionId: string, puntuacion = 5, comentario = "") =>
  k.req("POST", u, "/api/resenas", { operacionId, puntuacion, comentario });
/** Each answer is also checked against its documented contract (every key kept). */
const contract = <T>(schema: { parse(v: unknown): T }, body: ReturnType<typeof json>) => {
  expect(schema.parse(body)).toEqual(body);
  return body;
};
const pending = async (u: TestUser) =>
  contract(pendingReviewsResponseSchema, json(await k.req("GET", u, "/api/resenas/pendientes")))
    .data as PendingReview[];
const published = async (u: TestUser) =>
  contract(userReviewsResponseSchema, json(await k.req("GET", null, `/api/resenas/usuario/${u.id}`)));
async function tipos(u: TestUser) {
  const res = await t.database.db.execute(sql`select tipo from notifications where user_id = ${u.id}`);
  return (res as unknown as { rows: { tipo: string }[] }).rows.map((n) => n.tipo);
}
/** Sessions last less than the 14 days the clock moves: sign in again. */
async function relogin(...users: TestUser[]) {
  for (const u of users) {
    const r = await k.req("POST", null, "/api/users/login", { email: u.email, password: u.password });
    expect(r.statusCode, r.body).toBe(200);
    u.auth.authorization = `Bearer ${json(r).data.token}`;
  }
}
const reviewCount = async () =>
  Number(
    ((await t.database.db.execute(sql`select count(*)::int as n from reviews`)) as unknown as { rows: { n: number }[] })
      .rows[0]?.n,
  );

describe("reviews after a completed sale", () => {
  it("both parties are invited; only they may review, once; hidden until both did, then published together", async () => {
    const [seller, buyer, outsider] = (await k.users(3)) as [TestUser, TestUser, TestUser];
    const { custodyId, assetId } = await completedSale(seller, buyer);

    // Both are told, and both see the deal to review with the other party and the asset.
    expect(await tipos(seller)).toContain("resena_pendiente");
    expect(await tipos(buyer)).toContain("resena_pendiente");
    const bell = json(await k.req("GET", buyer, "/api/notificaciones/usuario")).data as {
      titulo: string;
      enlace: string;
    }[];
    expect(bell.find((n) => n.titulo === "¿Cómo te fue con U0?")?.enlace).toBe("/calificaciones");
    const [p] = await pending(buyer);
    expect(p).toMatchObject({
      operacionId: custodyId,
      contraparte: { _id: seller.id, name: "U0" },
      activo: { _id: assetId, title: "Cámara Canon EOS" },
    });
    expect(new Date(p?.cierraEn ?? 0).getTime() - new Date(p?.completadaEn ?? 0).getTime()).toBe(14 * DAY);
    expect((await pending(seller))[0]).toMatchObject({ operacionId: custodyId, contraparte: { _id: buyer.id } });
    // IDOR: someone outside the deal sees nothing to review and may not review it (nothing written).
    expect(await pending(outsider)).toEqual([]);
    const foreign = await review(outsider, custodyId);
    expect(foreign.statusCode).toBe(403);
    expect(json(foreign).message).toBe("Solo las partes de la operación pueden calificarla.");
    expect(await reviewCount()).toBe(0);
    // Without a session: 401. A malformed id: 400. An unknown deal: 404. Out-of-range stars: 400.
    expect((await review(null, custodyId)).statusCode).toBe(401);
    expect((await review(buyer, "nada")).statusCode).toBe(400);
    expect((await review(buyer, "0190aaaa-0000-7000-8000-000000000001")).statusCode).toBe(404);
    const stars = await review(buyer, custodyId, 6);
    expect(stars.statusCode).toBe(400);
    expect(json(stars).message).toBe("La puntuación debe ser un número entero de 1 a 5.");

    // The buyer reviews: saved, not published (double-blind).
    const first = await review(buyer, custodyId, 4, "Todo bien, entrega puntual");
    expect(first.statusCode).toBe(201);
    expect(contract(createdReviewResponseSchema, json(first)).data).toMatchObject({
      operacionId: custodyId,
      puntuacion: 4,
      publicada: false,
    });
    expect(await published(seller)).toMatchObject({ promedio: null, cantidad: 0, data: [] });
    expect(await tipos(seller)).toContain("resena_recibida");
    expect(await pending(buyer)).toEqual([]);
    // A second review by the same person: 409.
    const again = await review(buyer, custodyId, 1);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe("Ya calificaste esta operación.");

    // The seller reviews: both published at once.
    const second = await review(seller, custodyId, 5, "Comprador amable");
    expect(json(second).data.publicada).toBe(true);
    const aboutSeller = await published(seller);
    expect(aboutSeller).toMatchObject({ success: true, promedio: 4, cantidad: 1 });
    expect(aboutSeller.data[0]).toMatchObject({
      autor: { _id: buyer.id, name: "U1" },
      puntuacion: 4,
      comentario: "Todo bien, entrega puntual",
    });
    expect((await published(buyer)).data[0]).toMatchObject({ autor: { _id: seller.id }, puntuacion: 5 });
    expect(await tipos(seller)).toContain("resena_publicada");
    expect((await review(seller, custodyId, 2)).statusCode).toBe(409);
    expect(await reviewCount()).toBe(2);

    // The round is no deal in progress (account deletion) and counts nothing in reputation.
    expect(await listDealsOfUser(t.database.db, seller.id, { openOnly: true })).toEqual([]);
    const rep = json(await k.req("GET", null, `/api/reputation/${seller.id}`)).data;
    expect(rep.reputacion).toBe(3);

    // The public profile: name, city, member since, verified, reputation, the reviews' summary; no email.
    const prof = await k.req("GET", null, `/api/usuarios/${seller.id}/perfil`);
    expect(prof.statusCode).toBe(200);
    expect(contract(publicProfileResponseSchema, json(prof)).data).toMatchObject({
      _id: seller.id,
      name: "U0",
      verificado: true,
      reputacion: { reputacion: 3 },
      resenas: { promedio: 4, cantidad: 1 },
    });
    expect(prof.body).not.toContain("@");
    expect((await k.req("GET", null, "/api/usuarios/0190aaaa-0000-7000-8000-000000000001/perfil")).statusCode).toBe(
      404,
    );
  });

  it("the public profile follows the person's visibility: privado for nobody else, validado for verified people", async () => {
    const [ana, verified] = (await k.users(2)) as [TestUser, TestUser];
    const unverified = await signUp(t.app, { name: "Sin verificar" });
    const profile = (viewer: TestUser | null) => k.req("GET", viewer, `/api/usuarios/${ana.id}/perfil`);
    expect((await profile(null)).statusCode).toBe(200);
    expect((await k.req("PUT", ana, "/api/profile", { visibility: "validado" })).statusCode).toBe(200);
    for (const viewer of [null, unverified]) {
      const r = await profile(viewer);
      expect(r.statusCode).toBe(403);
      expect(json(r).message).toBe("Solo las personas con identidad verificada pueden ver este perfil.");
    }
    expect((await profile(verified)).statusCode).toBe(200);
    expect((await k.req("PUT", ana, "/api/profile", { visibility: "privado" })).statusCode).toBe(200);
    const hidden = await profile(verified);
    expect(hidden.statusCode).toBe(403);
    expect(json(hidden).message).toBe("Esta persona mantiene su perfil privado.");
    expect((await profile(ana)).statusCode).toBe(200);
    // Suspended by moderation: shown to nobody else.
    expect((await k.req("PUT", ana, "/api/profile", { visibility: "publico" })).statusCode).toBe(200);
    await t.database.db.execute(sql`update users set suspended_at = now() where id = ${ana.id}`);
    const suspended = await profile(verified);
    expect(suspended.statusCode).toBe(404);
    expect(json(suspended).message).toBe("Este perfil no está disponible.");
  });

  it("a deal still running or cancelled cannot be reviewed (409)", async () => {
    const [seller, buyer] = (await k.users(2)) as [TestUser, TestUser];
    const asset = await k.listFor(seller);
    await k.fund(buyer, PRICE);
    const c = json(await k.buy(buyer, asset._id, seller.id)).custodia as { _id: string };
    const running = await review(buyer, c._id);
    expect(running.statusCode).toBe(409);
    expect(json(running).message).toBe("Esta operación todavía está en curso.");
    expect((await k.cancel(seller, c._id)).statusCode).toBe(200);
    const cancelled = await review(buyer, c._id);
    expect(cancelled.statusCode).toBe(409);
    expect(await pending(buyer)).toEqual([]);
  });

  it("double-blind by the timer: a reminder to whoever has not reviewed, then published when the 14 days end", async () => {
    const [seller, buyer] = (await k.users(2)) as [TestUser, TestUser];
    const { custodyId } = await completedSale(seller, buyer, "Bicicleta");
    expect((await review(seller, custodyId, 2, "Tardó en confirmar")).statusCode).toBe(201);

    t.clock.advance(10 * DAY);
    await t.app.deals.fireDueTimers(t.database.db, t.clock.now());
    expect(await tipos(buyer)).not.toContain("resena_recordatorio");
    t.clock.advance(1 * DAY + 1000);
    await t.app.deals.fireDueTimers(t.database.db, t.clock.now());
    expect(await tipos(buyer)).toContain("resena_recordatorio");
    expect(await tipos(seller)).not.toContain("resena_recordatorio");
    expect((await published(buyer)).cantidad).toBe(0);

    t.clock.advance(3 * DAY);
    await t.app.deals.fireDueTimers(t.database.db, t.clock.now());
    await relogin(buyer, seller);
    const aboutBuyer = await published(buyer);
    expect(aboutBuyer).toMatchObject({ promedio: 2, cantidad: 1 });
    expect(aboutBuyer.data[0]).toMatchObject({ autor: { _id: seller.id }, comentario: "Tardó en confirmar" });
    expect((await published(seller)).cantidad).toBe(0);
    // Too late for the buyer.
    expect(await pending(buyer)).toEqual([]);
    const late = await review(buyer, custodyId, 5);
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toBe("El plazo para calificar esta operación terminó.");
  });
});
