import { currentYearInColombia } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";

let t: TestContext;
let owner: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let assetId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { name: "Olga" });
  buyer = await signUp(t.app, { name: "Bruno" });
  stranger = await signUp(t.app, { name: "Sara" });
  assetId = await createAsset(owner);
});
afterAll(() => t.close());

async function createAsset(u: TestUser, title = "Bicicleta de ruta"): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/assets",
    headers: u.auth,
    payload: {
      title,
      description: "Bicicleta en buen estado",
      assetType: "bien",
      origin: "personal",
      category: "Deportes",
      condition: "usado",
      physicalState: "bueno",
      yearOfPurchase: currentYearInColombia(new Date()) - 2,
      baseValueCOP: 1_000_000,
      mainPurpose: "vender",
      privacy: "publico",
      images: [],
    },
  });
  if (res.statusCode !== 201) throw new Error(`asset: ${res.statusCode} ${res.body}`);
  return json(res).data._id;
}

const post = (u: TestUser | null, url: string, payload?: unknown) =>
  t.app.inject({
    method: "POST",
    url,
    headers: u ? u.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (u: TestUser | null, url: string) => t.app.inject({ method: "GET", url, headers: u ? u.auth : {} });
const start = (u: TestUser, receptorId: string, activoId = assetId) =>
  post(u, "/api/chat/iniciar", { activoId, receptorId });
const send = (u: TestUser | null, chatId: string, texto: unknown) => post(u, "/api/chat/enviar", { chatId, texto });

describe("POST /api/chat/iniciar", () => {
  it("opens one chat per asset and pair: the second start (either side) answers the same chat", async () => {
    const first = await start(buyer, owner.id);
    expect(first.statusCode, first.body).toBe(201);
    const chat = json(first).data;
    expect(chat).toMatchObject({ activoId: assetId, activoTitulo: "Bicicleta de ruta", mensajes: [], noLeidos: 0 });
    expect(chat.participantes.map((p: { name: string }) => p.name).sort()).toEqual(["Bruno", "Olga"]);

    const again = await start(buyer, owner.id);
    expect(again.statusCode).toBe(200);
    expect(json(again).data._id).toBe(chat._id);
    const fromOwner = await start(owner, buyer.id);
    expect(fromOwner.statusCode).toBe(200);
    expect(json(fromOwner).data._id).toBe(chat._id);

    const parallel = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const other = await signUp(t.app);
        return [
          other,
          await Promise.all([start(other, owner.id), start(other, owner.id), start(other, owner.id)]),
        ] as const;
      }),
    );
    for (const [, answers] of parallel) {
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => json(a).data._id)).size).toBe(1);
    }
  });

  it("refuses a chat with oneself with the spec's wording", async () => {
    const res = await start(owner, owner.id);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe("No puedes iniciar un chat contigo mismo");
  });

  it("needs a session, a real asset and the asset's owner as one of the two", async () => {
    expect((await post(null, "/api/chat/iniciar", { activoId: assetId, receptorId: owner.id })).statusCode).toBe(401);
    const missing = await start(buyer, owner.id, "0190f1e2-0000-7000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    const thirdParty = await start(buyer, stranger.id);
    expect(thirdParty.statusCode).toBe(403);
    expect(json(thirdParty).message).toBe("Solo puedes chatear con el dueño del activo");
    const bad = await post(buyer, "/api/chat/iniciar", { activoId: "nope", receptorId: owner.id });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe("El identificador del activo no es válido");
  });
});

describe("POST /api/chat/enviar and reading", () => {
  it("only the two participants read and write; the others get 403 and nothing is written", async () => {
    const chat = json(await start(buyer, owner.id)).data;
    const sent = await send(buyer, chat._id, "  Hola, ¿sigue disponible?  ");
    expect(sent.statusCode, sent.body).toBe(200);
    const after = json(sent).data;
    expect(after.mensajes.at(-1)).toMatchObject({ emisorId: buyer.id, texto: "Hola, ¿sigue disponible?" });
    expect(after.ultimoMensaje.texto).toBe("Hola, ¿sigue disponible?");

    const intruder = await send(stranger, chat._id, "hola");
    expect(intruder.statusCode).toBe(403);
    expect(json(intruder).message).toBe("No participas en este chat");
    expect((await get(stranger, `/api/chat/${chat._id}`)).statusCode).toBe(403);
    expect((await post(stranger, `/api/chat/${chat._id}/leido`)).statusCode).toBe(403);
    expect((await send(null, chat._id, "hola")).statusCode).toBe(401);

    const read = json(await get(owner, `/api/chat/${chat._id}`)).data;
    expect(read.mensajes.map((m: { texto: string }) => m.texto)).toEqual(["Hola, ¿sigue disponible?"]);
    expect(read.totalMensajes).toBe(1);
  });

  it("refuses a message empty after trimming, too long or unknown chat, writing nothing", async () => {
    const chat = json(await start(buyer, owner.id)).data;
    const before = json(await get(buyer, `/api/chat/${chat._id}`)).data.totalMensajes;
    for (const texto of ["", "   ", "\n\t ", null]) {
      const res = await send(buyer, chat._id, texto);
      expect(res.statusCode, String(texto)).toBe(400);
      expect(json(res).message).toContain("El mensaje no puede estar vacío");
    }
    const long = await send(buyer, chat._id, "a".repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(json(long).message).toContain("2000");
    const unknown = await send(buyer, "0190f1e2-0000-7000-8000-000000000000", "hola");
    expect(unknown.statusCode).toBe(404);
    expect(json(await get(buyer, `/api/chat/${chat._id}`)).data.totalMensajes).toBe(before);
  });

  it("keeps line breaks inside a message", async () => {
    const chat = json(await start(buyer, owner.id)).data;
    const res = await send(owner, chat._id, "Sí.\r\nPuedo el sábado");
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.ultimoMensaje.texto).toBe("Sí.\nPuedo el sábado");
  });
});

describe("GET /api/chat/usuario/{userId}, unread counts and marking read", () => {
  it("lists only my own chats (403 for anyone else's), with unread counts that marking read clears", async () => {
    const a = await signUp(t.app, { name: "Ana" });
    const b = await signUp(t.app, { name: "Beto" });
    const itemId = await createAsset(a, "Guitarra acústica");
    const chat = json(await start(b, a.id, itemId)).data;
    await send(b, chat._id, "uno");
    await send(b, chat._id, "dos");
    await send(a, chat._id, "tres");
    await send(b, chat._id, "cuatro");

    const forbidden = await get(b, `/api/chat/usuario/${a.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden).message).toBe("Solo puedes ver tus propios chats");
    expect((await get(b, "/api/chat/usuario/abc")).statusCode).toBe(400);

    const listA = json(await get(a, `/api/chat/usuario/${a.id}`));
    expect(listA.success).toBe(true);
    expect(listA.data).toHaveLength(1);
    // Ana read up to her own message 'tres': only 'cuatro' is new for her.
    expect(listA.data[0]).toMatchObject({ activoId: itemId, noLeidos: 1, totalMensajes: 4 });
    expect(listA.data[0].mensajes.map((m: { texto: string }) => m.texto)).toEqual(["uno", "dos", "tres", "cuatro"]);
    expect(json(await get(a, "/api/chat/no-leidos/count")).count).toBe(1);
    const listB = json(await get(b, `/api/chat/usuario/${b.id}`)).data;
    expect(listB[0].noLeidos).toBe(0);

    const marked = await post(a, `/api/chat/${chat._id}/leido`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(json(marked).data.noLeidos).toBe(0);
    expect(json(await get(a, "/api/chat/no-leidos/count")).count).toBe(0);
    // The other side's unread count is untouched by my marking.
    await send(a, chat._id, "cinco");
    expect(json(await get(b, "/api/chat/no-leidos/count")).count).toBe(1);
  });
});

describe("soft anti-spam limits", () => {
  it("the 31st message within a minute is refused with 429 until the minute passes", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const itemId = await createAsset(a, "Mesa de comedor");
    const chat = json(await start(b, a.id, itemId)).data;
    for (let i = 1; i <= 30; i++) expect((await send(b, chat._id, `mensaje ${i}`)).statusCode).toBe(200);
    const tooFast = await send(b, chat._id, "uno más");
    expect(tooFast.statusCode).toBe(429);
    expect(json(tooFast).message).toBe("Estás enviando mensajes muy rápido. Espera un momento e intenta de nuevo.");
    // The other participant is not limited by it.
    expect((await send(a, chat._id, "respuesta")).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await send(b, chat._id, "uno más")).statusCode).toBe(200);
    expect(json(await get(b, `/api/chat/${chat._id}`)).data.totalMensajes).toBe(32);
  });
});

describe("notificación al destinatario que no está en el chat (issue 15 item 14)", () => {
  const del = (u: TestUser, url: string) => t.app.inject({ method: "DELETE", url, headers: u.auth });
  const chatNotices = async (u: TestUser) =>
    (
      json(await get(u, "/api/notificaciones/usuario")).data as {
        titulo: string;
        descripcion: string;
        enlace: string;
        leida: boolean;
      }[]
    ).filter((n) => n.titulo.startsWith("Nuevo mensaje de"));

  it("avisa una vez por tanda de mensajes sin leer, y nunca mientras el chat está abierto", async () => {
    const ana = await signUp(t.app, { name: "Ana" });
    const beto = await signUp(t.app, { name: "Beto" });
    const itemId = await createAsset(ana, "Guitarra eléctrica");
    const chat = json(await start(beto, ana.id, itemId)).data;

    // Ana is not on the chat: the first message reaches her bell, linked to the conversation.
    const unreadBefore = json(await get(ana, "/api/notificaciones/no-leidas/count")).count as number;
    expect((await send(beto, chat._id, "Hola, ¿sigue disponible la guitarra?")).statusCode).toBe(200);
    let notices = await chatNotices(ana);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      titulo: "Nuevo mensaje de Beto",
      descripcion: "Sobre «Guitarra eléctrica»: Hola, ¿sigue disponible la guitarra?",
      enlace: `/mensajes?chat=${chat._id}`,
      leida: false,
    });
    expect(json(await get(ana, "/api/notificaciones/no-leidas/count")).count).toBe(unreadBefore + 1);
    // The sender hears nothing; a second unread message adds no second notice.
    expect(await chatNotices(beto)).toHaveLength(0);
    await send(beto, chat._id, "¿La puedo ver mañana?");
    expect(await chatNotices(ana)).toHaveLength(1);

    // Ana opens the chat (reads it, says she is there): Beto's messages notify nobody.
    expect((await post(ana, `/api/chat/${chat._id}/leido`)).statusCode).toBe(200);
    const here = await post(ana, `/api/chat/${chat._id}/presente`);
    expect(here.statusCode, here.body).toBe(200);
    expect(json(here).data.hastaMs).toBe(45_000);
    await send(beto, chat._id, "Perfecto, gracias");
    expect(await chatNotices(ana)).toHaveLength(1);

    // She leaves: the next message notifies her again.
    await post(ana, `/api/chat/${chat._id}/leido`);
    expect((await del(ana, `/api/chat/${chat._id}/presente`)).statusCode).toBe(200);
    await send(beto, chat._id, "¿Sigues ahí?");
    notices = await chatNotices(ana);
    expect(notices).toHaveLength(2);
    expect(notices[0]?.titulo).toBe("Nuevo mensaje de Beto");

    // A page that closed without saying so: its presence runs out after 45 s.
    await post(ana, `/api/chat/${chat._id}/leido`);
    await post(ana, `/api/chat/${chat._id}/presente`);
    t.clock.advance(46_000);
    await send(beto, chat._id, "Te escribo luego");
    expect(await chatNotices(ana)).toHaveLength(3);

    // Ana's answer notifies Beto (not on the chat); presence on someone else's chat is refused.
    await send(ana, chat._id, "Sí, mañana a las 10");
    expect((await chatNotices(beto))[0]?.descripcion).toBe("Sobre «Guitarra eléctrica»: Sí, mañana a las 10");
    const stranger2 = await signUp(t.app);
    expect((await post(stranger2, `/api/chat/${chat._id}/presente`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: `/api/chat/${chat._id}/presente` })).statusCode).toBe(401);
  });
});
