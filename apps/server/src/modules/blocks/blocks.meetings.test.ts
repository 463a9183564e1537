/**
 * Blocks (issue 19 part 4): the block on every route where two people meet (chat, purchase,
 * exchange, loan, rental, donation or gift, custody): 403 with the Spanish message for each side, nothing written. Deals the two already had
 * go on. The feed and the searches stop showing the two each other's listings.
 */
import { BLOCKS_MSG } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { quietPool } from "../custody/custody.testkit.ts";
import { exchangeKit } from "../exchanges/exchanges.testkit.ts";

let t: TestContext;
const k = exchangeKit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "DELETE", url: string, u?: TestUser) =>
  t.app.inject({ method, url, headers: u ? u.auth : {} });
const TABLES = [
  "deals",
  "custodias",
  "chats",
  "chat_messages",
  "exchange_proposals",
  "loans",
  "rental_bookings",
  "donations",
  "notifications",
  "movimientos",
  "idempotency_keys",
  "rate_limit_hits",
] as const;
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const res = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    out[table] = (res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  }
  return out;
}

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (offset: number) => new Date(t.clock.now().getTime() + offset * DAY).toISOString().slice(0, 10);

describe("blocks hold on every route where two people meet", () => {
  let sara: TestUser; // the blocker (seller, lender, owner, donor)
  let bruno: TestUser; // the blocked person
  const ids = {} as Record<
    | "brunoOwn"
    | "brunoSale"
    | "brunoSwap"
    | "brunoSwap2"
    | "chat"
    | "community"
    | "custody"
    | "forSale"
    | "forSale2"
    | "gift"
    | "giftDonation"
    | "loan"
    | "proposal"
    | "rental"
    | "toGive"
    | "toLend"
    | "toRent"
    | "toSwap",
    string
  >;

  beforeAll(async () => {
    [sara, bruno] = (await k.users(2)) as [TestUser, TestUser];
    await k.fund(bruno, 5000);
    await k.fund(sara, 5000);
    ids.forSale = (await k.listFor(sara, { title: "Cámara de Sara" }))._id;
    ids.forSale2 = (await k.listFor(sara, { title: "Lente de Sara" }))._id;
    ids.toLend = (await k.listFor(sara, { mainPurpose: "prestar", title: "Taladro de Sara" }))._id;
    ids.toRent = (await k.listFor(sara, { mainPurpose: "alquilar", title: "Guitarra de Sara" }))._id;
    ids.toSwap = (await k.asset(sara, { title: "Bici de Sara", coordenadas: { lat: 4.65, lng: -74.06 } }))._id;
    ids.toGive = (await k.listFor(sara, { mainPurpose: "donar", title: "Libros de Sara" }))._id;
    ids.gift = (await k.listFor(sara, { mainPurpose: "donar", title: "Regalo de Sara" }))._id;
    ids.brunoSwap = (await k.asset(bruno, { title: "Patineta de Bruno" }))._id;
    ids.brunoSwap2 = (await k.asset(bruno, { title: "Consola de Bruno" }))._id;
    ids.brunoSale = (await k.listFor(bruno, { title: "Radio de Bruno" }))._id;
    ids.brunoOwn = (await k.listFor(bruno, { mainPurpose: "intercambiar", title: "Mesa de Bruno" }))._id;

    const rental = await k.req("POST", sara, "/api/rentals", {
      ownerId: sara.id,
      assetId: ids.toRent,
      pricePerDay: 20,
      startDate: isoDay(0),
      endDate: isoDay(20),
      terms: "Entrega en Chapinero",
    });
    expect(rental.statusCode, rental.body).toBe(201);
    ids.rental = json(rental).data._id;
    const community = await k.req("POST", sara, "/api/donations", { assetId: ids.toGive, message: "Para quien lea" });
    expect(community.statusCode, community.body).toBe(201);
    ids.community = json(community).data._id;

    // Before the block: a chat, a purchase, an exchange proposal, a loan request and a gift, all pending.
    const chat = await k.req("POST", bruno, "/api/chat/iniciar", { activoId: ids.forSale, receptorId: sara.id });
    expect(chat.statusCode, chat.body).toBe(201);
    ids.chat = json(chat).data._id;
    expect(
      (await k.req("POST", bruno, "/api/chat/enviar", { chatId: ids.chat, texto: "¿Sigue disponible?" })).statusCode,
    ).toBe(200);
    const bought = await k.buy(bruno, ids.forSale2, sara.id);
    expect(bought.statusCode, bought.body).toBe(201);
    ids.custody = json(bought).custodia._id;
    const proposal = await k.propose(bruno, ids.brunoSwap2, ids.toSwap, sara.id);
    expect(proposal.statusCode, proposal.body).toBe(201);
    ids.proposal = json(proposal).data._id;
    const loan = await k.req("POST", bruno, "/api/loans/create", {
      activoId: ids.toLend,
      prestamistaId: sara.id,
      garantiaTipo: "ninguna",
      plazoDias: 7,
      interes: 0,
      notas: "",
    });
    expect(loan.statusCode, loan.body).toBe(201);
    ids.loan = json(loan).data._id;
    const gift = await k.req("POST", sara, "/api/donations", {
      assetId: ids.gift,
      recipientId: bruno.id,
      kind: "regalo",
      message: "Para ti",
    });
    expect(gift.statusCode, gift.body).toBe(201);
    ids.giftDonation = json(gift).data._id;

    expect((await call("POST", `/api/bloqueos/${bruno.id}`, sara)).statusCode).toBe(200);
  });

  it("the blocked person: 403 'No puedes interactuar con esta persona.' everywhere, nothing written", async () => {
    const before = await counts();
    const balance = await k.balance(bruno);
    const attempts: [string, Promise<import("fastify").LightMyRequestResponse>][] = [
      ["chat: start", k.req("POST", bruno, "/api/chat/iniciar", { activoId: ids.toSwap, receptorId: sara.id })],
      ["chat: the old chat", k.req("POST", bruno, "/api/chat/iniciar", { activoId: ids.forSale, receptorId: sara.id })],
      ["chat: send", k.req("POST", bruno, "/api/chat/enviar", { chatId: ids.chat, texto: "¿Hola?" })],
      ["buy", k.buy(bruno, ids.forSale, sara.id, {}, "compra-bloqueada")],
      ["buy in cash", k.buy(bruno, ids.forSale, sara.id, { modoPago: "dinero" })],
      ["exchange: direct", k.propose(bruno, ids.brunoSwap, ids.toSwap, sara.id)],
      [
        "exchange: local",
        k.req("POST", bruno, "/api/intercambios/proponer-local", {
          offeredAssetId: ids.brunoSwap,
          requestedAssetId: ids.toSwap,
          targetUserId: sara.id,
          mobility: "walk",
        }),
      ],
      [
        "loan",
        k.req("POST", bruno, "/api/loans/create", {
          activoId: ids.toLend,
          prestamistaId: sara.id,
          garantiaTipo: "ninguna",
          plazoDias: 3,
          interes: 0,
          notas: "",
        }),
      ],
      [
        "rental",
        k.req("POST", bruno, `/api/rentals/${ids.rental}/reservar`, { startDate: isoDay(2), endDate: isoDay(4) }),
      ],
      ["donation: claim", k.req("POST", bruno, `/api/donations/claim/${ids.community}`)],
      ["gift: accept", k.req("POST", bruno, `/api/donations/accept/${ids.giftDonation}`)],
      [
        "gift: give",
        k.req("POST", bruno, "/api/donations", {
          assetId: ids.brunoOwn,
          recipientId: sara.id,
          kind: "regalo",
          message: "Toma",
        }),
      ],
      [
        "custody: name her",
        k.req("POST", bruno, "/api/custodia/asignar", {
          assetId: ids.brunoOwn,
          receptorId: sara.id,
          tipoTransaccion: "intercambio",
          notas: "",
        }),
      ],
    ];
    for (const [what, pending] of attempts) {
      const res = await pending;
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(json(res).message, what).toBe(BLOCKS_MSG.blockedByOther);
      expect(json(res).code, what).toBe("BLOCKED");
    }
    expect(await counts()).toEqual(before);
    expect(await k.balance(bruno)).toEqual(balance);
    expect((await k.ownerOf(ids.forSale)).status).not.toBe("operacion");
  });

  it("the blocker: 403 'Bloqueaste a esta persona. Desbloquéala para continuar.', nothing written", async () => {
    const before = await counts();
    const attempts: [string, Promise<import("fastify").LightMyRequestResponse>][] = [
      ["chat: start", k.req("POST", sara, "/api/chat/iniciar", { activoId: ids.toSwap, receptorId: bruno.id })],
      ["chat: send", k.req("POST", sara, "/api/chat/enviar", { chatId: ids.chat, texto: "Hola" })],
      ["buy from him", k.buy(sara, ids.brunoSale, bruno.id)],
      ["exchange", k.propose(sara, ids.toSwap, ids.brunoSwap, bruno.id)],
      ["accept his pending proposal", k.setStatus(sara, ids.proposal, "aceptada")],
      ["approve his pending loan", k.req("POST", sara, `/api/loans/approve/${ids.loan}`)],
      [
        "gift to him",
        k.req("POST", sara, "/api/donations", {
          assetId: ids.toLend,
          recipientId: bruno.id,
          kind: "regalo",
          message: "x",
        }),
      ],
      [
        "custody to him",
        k.req("POST", sara, "/api/custodia/asignar", {
          assetId: ids.toLend,
          receptorId: bruno.id,
          tipoTransaccion: "intercambio",
          notas: "",
        }),
      ],
    ];
    for (const [what, pending] of attempts) {
      const res = await pending;
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(json(res).message, what).toBe(BLOCKS_MSG.blockedByYou);
      expect(json(res).code, what).toBe("BLOCKED");
    }
    expect(await counts()).toEqual(before);
  });

  it("the chat stays readable; deals already running go on and can be unwound (no credits trapped)", async () => {
    const read = await k.req("GET", bruno, `/api/chat/${ids.chat}`);
    expect(read.statusCode).toBe(200);
    expect(json(read).data.mensajes.map((m: { texto: string }) => m.texto)).toEqual(["¿Sigue disponible?"]);
    // The purchase made before the block completes with the seller's code.
    const done = await k.confirm(bruno, await k.codeOf(sara, ids.custody));
    expect(done.statusCode, done.body).toBe(200);
    // Pending requests can be turned down or withdrawn.
    expect((await k.setStatus(sara, ids.proposal, "rechazada")).statusCode).toBe(200);
    expect((await k.req("POST", sara, `/api/loans/reject/${ids.loan}`)).statusCode).toBe(200);
    expect((await k.req("POST", bruno, `/api/donations/reject/${ids.giftDonation}`)).statusCode).toBe(200);
    expect((await k.invariants()).problems).toEqual([]);
  });

  it("the feed, the search, the open offers and the nearby search hide the two from each other", async () => {
    const feed = async (u?: TestUser, q = "") => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/assets?limit=100${q ? `&q=${encodeURIComponent(q)}` : ""}`,
        headers: u ? u.auth : {},
      });
      expect(res.statusCode).toBe(200);
      return (json(res).data as { title: string }[]).map((a) => a.title);
    };
    const anyone = await feed();
    expect(anyone).toEqual(expect.arrayContaining(["Bici de Sara", "Radio de Bruno"]));
    expect((await feed(bruno)).filter((x) => x.includes("Sara"))).toEqual([]);
    expect((await feed(sara)).filter((x) => x.includes("Bruno"))).toEqual([]);
    expect(await feed(bruno, "sara")).toEqual([]);
    expect(await feed(sara, "bruno")).toEqual([]);
    // A third person sees both.
    const [caro] = (await k.users(1)) as [TestUser];
    expect(await feed(caro)).toEqual(expect.arrayContaining(["Bici de Sara", "Radio de Bruno"]));

    const offer = await k.req("POST", sara, "/api/intercambios/ofertas", {
      activoId: ids.toSwap,
      tipoIntercambio: "P2P",
      categoriaDeseada: "Tecnología",
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const offers = async (u: TestUser) =>
      (json(await k.req("GET", u, "/api/intercambios/ofertas")).data as { activoId: string }[]).map((o) => o.activoId);
    expect(await offers(caro)).toContain(ids.toSwap);
    expect(await offers(bruno)).not.toContain(ids.toSwap);

    const nearby = async (u: TestUser) =>
      (
        json(
          await k.req("POST", u, "/api/intercambios/buscar-cercanos", {
            userLocation: { lat: 4.65, lng: -74.06 },
            mobility: "walk",
          }),
        ).results as { _id: string }[]
      ).map((a) => a._id);
    expect(await nearby(caro)).toContain(ids.toSwap);
    expect(await nearby(bruno)).not.toContain(ids.toSwap);
  });

  it("unblocking restores everything; a refused call's idempotency key was never kept", async () => {
    expect((await call("DELETE", `/api/bloqueos/${bruno.id}`, sara)).statusCode).toBe(200);
    const sent = await k.req("POST", bruno, "/api/chat/enviar", { chatId: ids.chat, texto: "¿Hola?" });
    expect(sent.statusCode, sent.body).toBe(200);
    const bought = await k.buy(bruno, ids.forSale, sara.id, {}, "compra-bloqueada");
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.headers["idempotent-replayed"]).toBeUndefined();
    const res = await t.app.inject({ method: "GET", url: "/api/assets?limit=100&q=sara", headers: bruno.auth });
    expect((json(res).data as { title: string }[]).map((a) => a.title)).toContain("Bici de Sara");
  });
});
