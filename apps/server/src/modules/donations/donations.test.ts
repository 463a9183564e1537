import { assetDonationResponseSchema } from "@valoriza/domain";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit } from "../custody/custody.testkit.ts";

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const give = (u: TestUser, body: Record<string, unknown>) => k.req("POST", u, "/api/donations", body);
const act = (u: TestUser, name: string, id: string) => k.req("POST", u, `/api/donations/${name}/${id}`);

async function expectBalanced() {
  expect((await k.invariants()).problems).toEqual([]);
}

describe("donations and gifts", () => {
  it("a community donation is listed without login, the first claim wins, the owner changes and the hold goes to the donor", async () => {
    const [donor, a, b] = (await k.users(3)) as [TestUser, TestUser, TestUser];
    const asset = await k.listFor(donor, { mainPurpose: "donar", title: "Libros de cocina" });
    const bad = await give(donor, { assetId: asset._id, message: "  " });
    expect(bad.statusCode).toBe(400);
    const r = await give(donor, {
      donorId: donor.id,
      assetId: asset._id,
      recipientId: "",
      message: "Para quien cocine",
    });
    expect(r.statusCode, r.body).toBe(201);
    const d = json(r).data;
    expect(d).toMatchObject({ status: "pending", community: true, recipientId: null });
    expect((await k.asset(donor, asset._id)).status).toBe("operacion");

    const pub = await t.app.inject({ method: "GET", url: "/api/community-donations" });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: d._id, title: "Libros de cocina", type: "bien" })]),
    );

    const before = await k.balance(donor);
    const [ra, rb] = await Promise.all([act(a, "claim", d._id), act(b, "claim", d._id)]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const winner = ra.statusCode === 200 ? a : b;
    const loser = ra.statusCode === 200 ? rb : ra;
    expect(json(loser).message).toBe("Esta donación ya fue reclamada por otra persona");
    const after = await k.balance(donor);
    expect(after.disponibles).toBe(before.disponibles + asset.creditosAsignados);
    expect(after.bloqueados).toBe(before.bloqueados - asset.creditosAsignados);
    const now = await k.asset(winner, asset._id);
    expect(now.status).toBe("disponible");
    expect(typeof now.userId === "string" ? now.userId : now.userId._id).toBe(winner.id);
    const listed = (await t.app.inject({ method: "GET", url: "/api/community-donations" })).json() as { _id: string }[];
    expect(listed.map((x) => x._id)).not.toContain(d._id);
    const mine = json(await k.req("GET", winner, "/api/donations")) as unknown as { _id: string; status: string }[];
    expect(mine.find((x) => x._id === d._id)?.status).toBe("completed");
    await expectBalanced();
  });

  it("a gift needs its recipient; only the recipient accepts; the donor cannot accept", async () => {
    const [donor, friend, other] = (await k.users(3)) as [TestUser, TestUser, TestUser];
    const asset = await k.listFor(donor, { mainPurpose: "regalar", title: "Reloj" });
    const noOne = await give(donor, { assetId: asset._id, message: "Feliz cumpleaños", kind: "regalo" });
    expect(noOne.statusCode).toBe(400);
    expect(json(noOne).message).toBe("Debes especificar el destinatario del regalo.");
    expect(json(noOne).code).toBe("VALIDATION"); // issue 15 item 23: invalid input, not BAD_REQUEST
    const r = await give(donor, {
      assetId: asset._id,
      recipientId: friend.id,
      message: "Feliz cumpleaños",
      kind: "regalo",
    });
    expect(r.statusCode, r.body).toBe(201);
    const id = json(r).data._id;
    expect((await act(other, "claim", id)).statusCode).toBe(409);
    expect((await act(donor, "accept", id)).statusCode).toBe(403);
    // Issue 15 item 23: someone else's pending gift is a 403 as in the other areas (was 404).
    for (const step of ["accept", "reject", "cancel"]) {
      const theirs = await act(other, step, id);
      expect(theirs.statusCode, step).toBe(403);
      expect(json(theirs).message).toBe(
        "Esta donación o regalo es entre otras personas: no puedes aceptarlo, rechazarlo ni cancelarlo",
      );
    }
    const ok = await act(friend, "accept", id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data).toMatchObject({ status: "completed", recipientId: { _id: friend.id, name: "U1" } });
    await expectBalanced();
  });

  it("an unaccepted donation expires after 30 days and the asset is free again", async () => {
    const [donor, friend] = (await k.users(2)) as [TestUser, TestUser];
    const asset = await k.listFor(donor, { mainPurpose: "donar" });
    const r = await give(donor, { assetId: asset._id, recipientId: friend.id, message: "Para ti" });
    const id = json(r).data._id;
    await t.app.deals.fireDueTimers(t.database.db, new Date(t.clock.now().getTime() + 31 * DAY));
    const mine = json(await k.req("GET", donor, "/api/donations")) as unknown as { _id: string; status: string }[];
    expect(mine.find((x) => x._id === id)?.status).toBe("cancelled");
    expect((await k.asset(donor, asset._id)).status).toBe("disponible");
    await expectBalanced();
  });
});

/** GET /api/donations/asset/{id} as `u` (null: no session); the body must be exactly its documented contract. */
async function pageView(u: TestUser | null, assetId: string) {
  const r: LightMyRequestResponse = await k.req("GET", u, `/api/donations/asset/${assetId}`);
  expect(r.statusCode, r.body).toBe(200);
  const body = r.json();
  const parsed = assetDonationResponseSchema.safeParse(body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(parsed.data).toEqual(body);
  return { body: r.body, data: parsed.data?.data ?? null };
}

describe("the asset page's donation (GET /donations/asset/{assetId})", () => {
  it("a community donation is public: anyone sees donor and message; it is gone once claimed", async () => {
    const [donor, claimer] = (await k.users(2)) as [TestUser, TestUser];
    const asset = await k.listFor(donor, { mainPurpose: "donar", title: "Bicicleta infantil" });
    expect((await pageView(null, asset._id)).data).toBeNull();
    const r = await give(donor, { assetId: asset._id, message: "Para una familia con niños" });
    const id = json(r).data._id as string;

    const visitor = await pageView(null, asset._id);
    expect(visitor.data).toMatchObject({
      _id: id,
      assetId: asset._id,
      community: true,
      status: "pending",
      role: null,
      reservedForSomeoneElse: false,
      details: { donorId: { _id: donor.id, name: "U0" }, recipientId: null, message: "Para una familia con niños" },
    });
    expect((await pageView(claimer, asset._id)).data).toMatchObject({ _id: id, role: null });
    expect((await pageView(donor, asset._id)).data).toMatchObject({ _id: id, role: "donante" });

    // The id the page reads is the one 'Reclamar' takes; afterwards nothing is pending.
    expect((await act(claimer, "claim", id)).statusCode).toBe(200);
    expect((await pageView(null, asset._id)).data).toBeNull();
    expect((await pageView(claimer, asset._id)).data).toBeNull();
    await expectBalanced();
  });

  it("a gift shows its recipient only to the donor and the recipient; a stranger learns nothing about it", async () => {
    const [donor, stranger] = (await k.users(2)) as [TestUser, TestUser];
    const friend = await signUp(t.app, { name: "Fidelina", apellido: "Quintero" });
    const asset = await k.listFor(donor, { mainPurpose: "regalar", title: "Acuarelas" });
    const r = await give(donor, {
      assetId: asset._id,
      recipientId: friend.id,
      message: "Sorpresa de grado",
      kind: "regalo",
    });
    const id = json(r).data._id as string;

    const mine = await pageView(donor, asset._id);
    expect(mine.data).toMatchObject({
      _id: id,
      community: false,
      role: "donante",
      reservedForSomeoneElse: false,
      details: { recipientId: { _id: friend.id, name: "Fidelina" }, message: "Sorpresa de grado" },
    });
    const theirs = await pageView(friend, asset._id);
    expect(theirs.data).toMatchObject({
      _id: id,
      role: "beneficiario",
      details: { donorId: { _id: donor.id, name: "U0" }, message: "Sorpresa de grado" },
    });

    for (const who of [stranger, null]) {
      const seen = await pageView(who, asset._id);
      expect(seen.data).toEqual({
        _id: null,
        assetId: asset._id,
        community: false,
        status: "pending",
        role: null,
        reservedForSomeoneElse: true,
        details: null,
      });
      for (const secret of [friend.id, "Fidelina", "Sorpresa de grado", id]) expect(seen.body).not.toContain(secret);
    }
    // A forged or expired token is just a visitor.
    const forged = await t.app.inject({
      method: "GET",
      url: `/api/donations/asset/${asset._id}`,
      headers: { authorization: "Bearer no-es-un-token" },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json().data).toMatchObject({ _id: null, details: null, reservedForSomeoneElse: true });

    expect((await act(friend, "accept", id)).statusCode).toBe(200);
    expect((await pageView(friend, asset._id)).data).toBeNull();
    await expectBalanced();
  });

  it("an unknown asset is a 404 and a malformed id a 400, both in the error envelope", async () => {
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/donations/asset/00000000-0000-4000-8000-000000000000",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: "Activo no encontrado", code: "NOT_FOUND" });
    const bad = await t.app.inject({ method: "GET", url: "/api/donations/asset/no-es-un-id" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      code: "VALIDATION",
      message: "El identificador del activo no es válido",
    });
    const badId = await act((await k.users(1))[0] as TestUser, "accept", "no-es-un-id");
    expect(json(badId)).toMatchObject({ code: "VALIDATION", message: "El identificador de la donación no es válido" });
  });

  it("?limit= of the community list: our Spanish message, not zod's (issue 15 item 23)", async () => {
    for (const q of ["0", "abc", "101", "2.5"]) {
      const r = await t.app.inject({ method: "GET", url: `/api/community-donations?limit=${q}` });
      expect(r.statusCode, q).toBe(400);
      expect(json(r).message).toBe("El límite debe ser un número entero entre 1 y 100");
    }
    expect((await t.app.inject({ method: "GET", url: "/api/community-donations?limit=3" })).statusCode).toBe(200);
  });
});
