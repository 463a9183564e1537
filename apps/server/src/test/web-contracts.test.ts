import {
  assetDonationResponseSchema,
  assetPublishedResponseSchema,
  buyResponseSchema,
  custodyListResponseSchema,
  custodyResponseSchema,
  donationListSchema,
  donationResponseSchema,
  lendableAssetsResponseSchema,
  loanListResponseSchema,
  loanResponseSchema,
  myWithdrawalsResponseSchema,
  pagedAssetListResponseSchema,
  productListResponseSchema,
  reputationResponseSchema,
  requestWithdrawalResponseSchema,
  userLookupResponseSchema,
} from "@valoriza/domain";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { kit } from "../modules/custody/custody.testkit.ts";
import { marketKit } from "../modules/marketplace/marketplace.testkit.ts";
import { createTestApp, json, type TestContext, type TestUser } from "./harness.ts";

/**
 * The answers the web parses with the domain's contracts (issue 18 item 5: loans, custody, the
 * marketplace, donations, withdrawals, asset lists and republishing, reputation, the person lookup)
 * really match them: a drift
 * here would turn a working page into "respuesta inesperada". Rentals are checked in rentals.test.ts,
 * the asset operations in contracts.test.ts.
 */
function expectContract(schema: z.ZodType, res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  const parsed = schema.safeParse(res.json());
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return res.json();
}

let t: TestContext;
const k = kit(() => t);
const m = marketKit(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("answers the web parses with the domain contracts", () => {
  it("loans: the lender's assets, the request, both lists, approve and return", async () => {
    const [lender, borrower] = (await k.users(2)) as [TestUser, TestUser];
    await k.fund(borrower, 2000);
    const asset = await k.listFor(lender, { mainPurpose: "prestar", title: "Taladro" });
    const offered = expectContract(
      lendableAssetsResponseSchema,
      await k.req("GET", borrower, `/api/loans/lender-assets/${lender.id}`),
    );
    expect(offered.data.map((a: { _id: string }) => a._id)).toEqual([asset._id]);
    const collateral = await k.listFor(borrower, { mainPurpose: "intercambiar", title: "Bicicleta" });
    const created = expectContract(
      loanResponseSchema,
      await k.req("POST", borrower, "/api/loans/create", {
        activoId: asset._id,
        prestamistaId: lender.id,
        garantiaTipo: "activo_colateral",
        garantiaActivoId: collateral._id,
        garantiaValor: 0,
        plazoDias: 7,
        interes: 0,
        notas: "",
      }),
      201,
    );
    const id = created.data._id as string;
    expectContract(loanListResponseSchema, await k.req("GET", borrower, "/api/loans/my-loans"));
    expectContract(loanListResponseSchema, await k.req("GET", lender, "/api/loans/as-lender"));
    expectContract(loanResponseSchema, await k.req("POST", lender, `/api/loans/approve/${id}`));
    const after = expectContract(loanListResponseSchema, await k.req("GET", lender, "/api/loans/as-lender"));
    expect(after.data[0]).toMatchObject({ estado: "activo", garantiaActivoId: { _id: collateral._id } });
    expectContract(loanResponseSchema, await k.req("POST", lender, `/api/loans/confirm-return/${id}`));
    expectContract(reputationResponseSchema, await k.req("GET", borrower, `/api/reputation/${lender.id}`));
  });

  it("custody: assign, my custodies (both sides), cancel, confirm with the code and publish again", async () => {
    const [owner, receiver] = (await k.users(2)) as [TestUser, TestUser];
    const a = await k.listFor(owner, { mainPurpose: "intercambiar" });
    const assigned = expectContract(
      custodyResponseSchema,
      await k.req("POST", owner, "/api/custodia/asignar", {
        assetId: a._id,
        receptorId: receiver.id,
        tipoTransaccion: "intercambio",
        notas: "",
      }),
      201,
    );
    expectContract(custodyListResponseSchema, await k.req("GET", owner, "/api/custodia/mis-custodias"));
    expectContract(custodyListResponseSchema, await k.req("GET", receiver, "/api/custodia/mis-custodias"));
    expectContract(custodyResponseSchema, await k.cancel(owner, assigned.custodia._id));
    // An exchange confirmed with the code: the receiver owns it, unlisted, and publishes it again.
    const again = expectContract(
      custodyResponseSchema,
      await k.req("POST", owner, "/api/custodia/asignar", {
        assetId: a._id,
        receptorId: receiver.id,
        tipoTransaccion: "intercambio",
        notas: "",
      }),
      201,
    );
    const code = await k.codeOf(owner, again.custodia._id);
    expectContract(custodyResponseSchema, await k.confirm(receiver, code));
    expectContract(
      assetPublishedResponseSchema,
      await k.req("PUT", receiver, `/api/activos/publicar/${a._id}`, { mainPurpose: "intercambiar" }),
    );
  });

  it("the marketplace, my asset lists and the person lookup", async () => {
    const product = await m.product({ nombre: "Kit escolar", stock: -1 });
    expectContract(productListResponseSchema, await m.req("GET", null, "/api/marketplace"));
    const [u, other] = (await k.users(2)) as [TestUser, TestUser];
    await k.fund(u, 500);
    expectContract(buyResponseSchema, await m.req("POST", u, `/api/marketplace/${product._id}/comprar`), 201);
    await k.listFor(u, { mainPurpose: "alquilar" });
    expectContract(pagedAssetListResponseSchema, await k.req("GET", u, "/api/assets/mine?limit=200"));
    expectContract(
      pagedAssetListResponseSchema,
      await k.req("GET", u, `/api/assets/user/${u.id}?mainPurpose=alquilar&status=activo,disponible`),
    );
    expectContract(pagedAssetListResponseSchema, await k.req("GET", other, `/api/assets/user/${u.id}`));
    const found = expectContract(
      userLookupResponseSchema,
      await k.req("GET", u, `/api/users/email/${encodeURIComponent(other.email)}`),
    );
    expect(found.data._id).toBe(other.id);
    expect(json(await k.req("GET", u, "/api/users/email/nadie%40valoriza.test")).success).toBe(false);
  });

  it("donations and gifts: create, my list, the asset page's view, accept; withdrawals", async () => {
    const [donor, friend] = (await k.users(2)) as [TestUser, TestUser];
    const asset = await k.listFor(donor, { mainPurpose: "regalar", title: "Guitarra" });
    expectContract(
      pagedAssetListResponseSchema,
      await k.req("GET", donor, `/api/assets/user/${donor.id}?mainPurpose=regalar&status=activo,disponible`),
    );
    const gift = expectContract(
      donationResponseSchema,
      await k.req("POST", donor, "/api/donations", {
        donorId: donor.id,
        assetId: asset._id,
        recipientId: friend.id,
        message: "Para ti",
        kind: "regalo",
      }),
      201,
    );
    expectContract(donationListSchema, await k.req("GET", donor, "/api/donations"));
    expectContract(donationListSchema, await k.req("GET", friend, "/api/donations"));
    expectContract(assetDonationResponseSchema, await k.req("GET", friend, `/api/donations/asset/${asset._id}`));
    expectContract(assetDonationResponseSchema, await k.req("GET", null, `/api/donations/asset/${asset._id}`));
    expectContract(donationResponseSchema, await k.req("POST", friend, `/api/donations/accept/${gift.data._id}`));
    expectContract(assetDonationResponseSchema, await k.req("GET", friend, `/api/donations/asset/${asset._id}`));

    const admin = await m.admin();
    await m.fund(admin, 1000);
    expectContract(
      requestWithdrawalResponseSchema,
      await m.req("POST", admin, "/api/retiros", { tipo: "dinero", monto: 10, metodo: "nequi", celular: "3001234567" }),
      201,
    );
    expectContract(myWithdrawalsResponseSchema, await m.req("GET", admin, "/api/retiros/mis-retiros"));
  });
});
