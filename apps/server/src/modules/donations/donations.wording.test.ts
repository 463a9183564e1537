import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit } from "../custody/custody.testkit.ts";

/*
 * Issue 15 item 13: gifts and donations each speak their own words. A direct donation is not
 * 'Regalo enviado'; accepting a gift is not 'Donación recibida'; a rejected gift is told as
 * rejected (closedBy 'rechazar'), not merely cancelled.
 */

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const give = (u: TestUser, body: Record<string, unknown>) => k.req("POST", u, "/api/donations", body);
const act = (u: TestUser, name: string, id: string) => k.req("POST", u, `/api/donations/${name}/${id}`);

describe("donation and gift wording", () => {
  it("a direct donation is a donation; a gift is a gift, received or rejected as one", async () => {
    const [donor, friend] = (await k.users(2)) as [TestUser, TestUser];
    const book = await k.listFor(donor, { mainPurpose: "donar", title: "Libro" });
    const direct = await give(donor, {
      assetId: book._id,
      recipientId: friend.id,
      message: "Para ti",
      kind: "donacion",
    });
    expect(direct.statusCode, direct.body).toBe(201);
    expect(json(direct).message).toBe("Donación creada");
    expect(json(direct).data).toMatchObject({ kind: "donacion", closedBy: null });
    const accepted = await act(friend, "accept", json(direct).data._id);
    expect(json(accepted).message).toBe("Donación recibida: el activo ya es tuyo");
    expect(json(accepted).data).toMatchObject({ status: "completed", closedBy: "aceptar" });

    const watch = await k.listFor(donor, { mainPurpose: "regalar", title: "Reloj" });
    const gift = await give(donor, {
      assetId: watch._id,
      recipientId: friend.id,
      message: "Feliz día",
      kind: "regalo",
    });
    expect(json(gift).message).toBe("Regalo enviado");
    const rejected = await act(friend, "reject", json(gift).data._id);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(json(rejected).message).toBe("Regalo rechazado");
    expect(json(rejected).data).toMatchObject({ kind: "regalo", status: "cancelled", closedBy: "rechazar" });

    const again = await give(donor, {
      assetId: watch._id,
      recipientId: friend.id,
      message: "Otra vez",
      kind: "regalo",
    });
    expect(again.statusCode, again.body).toBe(201);
    const received = await act(friend, "accept", json(again).data._id);
    expect(json(received).message).toBe("Regalo recibido: el activo ya es tuyo");
    // The list tells both parties which it was.
    const mine = json(await k.req("GET", donor, "/api/donations")) as { _id: string; kind: string; closedBy: string }[];
    expect(mine.find((d) => d._id === json(gift).data._id)).toMatchObject({ kind: "regalo", closedBy: "rechazar" });
  });
});
