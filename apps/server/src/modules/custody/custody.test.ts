import { formatCOP } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, PRICE } from "./custody.testkit.ts";

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sellerAndBuyer(funds = 5000) {
  const [seller, buyer] = (await k.users(2)) as [TestUser, TestUser];
  await k.fund(buyer, funds);
  const asset = await k.listFor(seller);
  return { seller, buyer, asset };
}

async function expectBalanced() {
  const inv = await k.invariants();
  expect(inv.problems).toEqual([]);
  expect(inv.escrowMatches, JSON.stringify(inv.escrow)).toBe(true);
}

describe("POST /api/transacciones/crear with credits, then the code", () => {
  it("escrows the price, hands over with the code, pays the seller and moves the owner", async () => {
    const { seller, buyer, asset } = await sellerAndBuyer();
    expect(asset.creditosAsignados).toBe(PRICE);

    const res = await k.buy(buyer, asset._id, seller.id, { monto: PRICE });
    expect(res.statusCode, res.body).toBe(201);
    const body = json(res);
    expect(body.message).toBe("Compra registrada. Los créditos quedan en custodia hasta que recibas el activo.");
    expect(body.custodia).toMatchObject({
      tipoTransaccion: "venta",
      estado: "pendiente",
      oferenteId: { _id: seller.id, name: "U0" },
      receptorId: { _id: buyer.id, name: "U1" },
      assetId: { _id: asset._id, title: "Cámara Canon EOS" },
      pagoCreditos: PRICE,
      creditosActivo: PRICE,
      creditosBloqueados: 2 * PRICE,
      montoCOP: 2_000_000,
      miRol: "receptor",
    });
    expect(body.custodia.codigoConfirmacion).toBeUndefined();
    expect(body.transaccion).toMatchObject({ compradorId: buyer.id, vendedorId: seller.id, montoCreditos: PRICE });
    expect(body.balanceActualizado.creditosDisponibles).toBe(5000 - PRICE);
    expect(await k.balance(buyer)).toEqual({ disponibles: 5000 - PRICE, bloqueados: 0 });
    expect((await k.asset(seller, asset._id)).status).toBe("operacion");
    await expectBalanced();

    // Only the offerer sees the code, while pendiente; both see the custody with their role.
    const sellerView = (await k.custodies(seller)).find((c) => c._id === body.custodia._id);
    expect(sellerView.codigoConfirmacion).toMatch(/^\d{6}$/);
    expect(sellerView.miRol).toBe("oferente");
    const buyerView = (await k.custodies(buyer)).find((c) => c._id === body.custodia._id);
    expect(buyerView.codigoConfirmacion).toBeUndefined();
    expect(buyerView.fechaLimite).toBeTruthy();

    const ok = await k.confirm(buyer, sellerView.codigoConfirmacion);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).custodia).toMatchObject({ estado: "confirmada", creditosBloqueados: 2 * PRICE });
    expect(json(ok).custodia.fechaSalida).toBeTruthy();
    // Seller: the payment plus the asset's released hold.
    expect(await k.balance(seller)).toEqual({ disponibles: 2 * PRICE, bloqueados: 0 });
    expect(await k.balance(buyer)).toEqual({ disponibles: 5000 - PRICE, bloqueados: 0 });
    const after = await k.asset(buyer, asset._id);
    expect(after).toMatchObject({ status: "disponible", vecesUsado: 1, estadoCredito: "liberado" });
    expect(after.userId._id ?? after.userId).toBe(buyer.id);
    const mine = json(await k.req("GET", buyer, "/api/assets/mine")).data as { _id: string }[];
    expect(mine.map((a) => a._id)).toContain(asset._id);
    // Unlisted under the new owner: not in the public feed.
    const feed = json(await k.req("GET", null, "/api/assets?limit=200")).data as { _id: string }[];
    expect(feed.map((a) => a._id)).not.toContain(asset._id);
    // The code is no longer shown once confirmed.
    expect((await k.custodies(seller)).find((c) => c._id === body.custodia._id).codigoConfirmacion).toBeUndefined();
    await expectBalanced();

    // Movements and transactions of type venta, and notifications, for both parties.
    for (const u of [seller, buyer]) {
      const movs = json(await k.req("GET", u, "/api/movimientos/mis-movimientos/all")).data as { tipo: string }[];
      expect(movs.filter((m) => m.tipo === "venta").length).toBeGreaterThanOrEqual(2);
      const txs = json(await k.req("GET", u, "/api/transacciones/mis-transacciones/all")).data as { type: string }[];
      expect(txs.filter((x) => x.type === "venta").length).toBeGreaterThanOrEqual(2);
      const notes = json(await k.req("GET", u, "/api/notificaciones/usuario")).data as {
        relacionadoTipo: string;
        relacionadoId: string;
      }[];
      expect(
        notes.filter((n) => n.relacionadoTipo === "transaccion" && n.relacionadoId === body.custodia._id).length,
      ).toBe(2);
    }
  });

  it("a second identical confirmation is one effect", async () => {
    const { seller, buyer, asset } = await sellerAndBuyer();
    const c = json(await k.buy(buyer, asset._id, seller.id)).custodia;
    const code = await k.codeOf(seller, c._id);
    expect((await k.confirm(buyer, code)).statusCode).toBe(200);
    const again = await k.confirm(buyer, code);
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again).custodia.estado).toBe("confirmada");
    expect(await k.balance(seller)).toEqual({ disponibles: 2 * PRICE, bloqueados: 0 });
    await expectBalanced();
  });

  it("a cash sale moves no credits; confirmation releases the hold and moves the owner", async () => {
    const { seller, buyer, asset } = await sellerAndBuyer(0);
    // The cash price is the seller's asking price (baseValueCOP 2.000.000), not credits x 1000
    // (issue 15 item 9); a stale cash price is told in pesos (item 22).
    const stale = await k.buy(buyer, asset._id, seller.id, { modoPago: "dinero", monto: PRICE * 1000 });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(
      `El precio del activo cambió: ahora es ${formatCOP(2_000_000)}. Revisa y confirma de nuevo.`,
    );
    const res = await k.buy(buyer, asset._id, seller.id, { modoPago: "dinero", monto: 2_000_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).custodia).toMatchObject({ pagoCreditos: 0, modoPago: "dinero", montoCOP: 2_000_000 });
    expect(json(res).message).toContain("no se movieron créditos");
    // The seller is told about pesos, not "0 créditos del comprador … quedan en custodia" (item 11).
    const told = json(await k.req("GET", seller, "/api/notificaciones/usuario")).data as { descripcion: string }[];
    const sold = told.map((n) => n.descripcion).find((d) => d.includes("Cámara Canon EOS")) ?? "";
    expect(sold).toContain(`en dinero: el comprador te paga ${formatCOP(2_000_000)} al recibirlo`);
    expect(sold).not.toContain("créditos");
    expect(await k.balance(buyer)).toEqual({ disponibles: 0, bloqueados: 0 });
    const code = await k.codeOf(seller, json(res).custodia._id);
    expect((await k.confirm(buyer, code)).statusCode).toBe(200);
    expect(await k.balance(seller)).toEqual({ disponibles: PRICE, bloqueados: 0 });
    expect((await k.asset(buyer, asset._id)).userId._id).toBe(buyer.id);
    await expectBalanced();
  });
});

describe("after a sale the asset is unlisted until its new owner publishes it again (issue 15 item 10)", () => {
  it("nobody can buy it; the new owner publishes it with a purpose; then it is for sale again", async () => {
    const { seller, buyer, asset } = await sellerAndBuyer(0);
    const res = await k.buy(buyer, asset._id, seller.id, { modoPago: "dinero" });
    expect(res.statusCode, res.body).toBe(201);
    const custodyId = json(res).custodia._id;
    // While the sale runs, the owner cannot publish it elsewhere.
    const during = await k.req("PUT", seller, `/api/activos/publicar/${asset._id}`, { mainPurpose: "donar" });
    expect(during.statusCode).toBe(409);
    expect(json(during).message).toBe("Este activo está en una operación: podrás publicarlo cuando termine");
    expect((await k.confirm(buyer, await k.codeOf(seller, custodyId))).statusCode).toBe(200);
    const sold = await k.asset(buyer, asset._id);
    expect(sold).toMatchObject({ privacy: "privado", status: "disponible", mainPurpose: "vender" });
    const third = (await k.users(1))[0] as TestUser;
    await k.fund(third, 5000);
    expect((await k.buy(third, asset._id, buyer.id)).statusCode).toBe(409);
    // Only its owner publishes it, with a purpose its type allows.
    const notOwner = await k.req("PUT", seller, `/api/activos/publicar/${asset._id}`, { mainPurpose: "vender" });
    expect(notOwner.statusCode).toBe(403);
    const noPurpose = await k.req("PUT", buyer, `/api/activos/publicar/${asset._id}`, {});
    expect(noPurpose.statusCode).toBe(400);
    const published = await k.req("PUT", buyer, `/api/activos/publicar/${asset._id}`, { mainPurpose: "vender" });
    expect(published.statusCode, published.body).toBe(200);
    expect(json(published).data).toMatchObject({ privacy: "publico", mainPurpose: "vender", status: "disponible" });
    const again = await k.buy(third, asset._id, buyer.id);
    expect(again.statusCode, again.body).toBe(201);
    await expectBalanced();
  });
});

describe("the server checks every id and the price", () => {
  it("refuses short buyers with the spec message and writes nothing", async () => {
    const { seller, buyer, asset } = await sellerAndBuyer(PRICE - 1);
    const res = await k.buy(buyer, asset._id, seller.id);
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe("No tienes suficientes créditos disponibles");
    expect(await k.balance(buyer)).toEqual({ disponibles: PRICE - 1, bloqueados: 0 });
    expect((await k.asset(seller, asset._id)).status).toBe("disponible");
    expect(await k.custodies(buyer)).toEqual([]);
    await expectBalanced();
  });

  it("refuses a buyer id that is not the session, a wrong seller, a changed price, own assets and non-sale assets", async () => {
    const { seller, buyer, asset } = await sellerAndBuyer();
    const other = await signUp(t.app);
    const asOther = await k.req("POST", buyer, "/api/transacciones/crear", {
      activoId: asset._id,
      compradorId: other.id,
      vendedorId: seller.id,
      modoPago: "creditos",
    });
    expect(asOther.statusCode).toBe(403);
    expect(json(asOther).message).toBe("El comprador debe ser el usuario de la sesión");
    const wrongSeller = await k.buy(buyer, asset._id, other.id);
    expect(wrongSeller.statusCode).toBe(409);
    expect(json(wrongSeller).message).toBe("El vendedor indicado no es el dueño del activo");
    const cheap = await k.buy(buyer, asset._id, seller.id, { monto: 1 });
    expect(cheap.statusCode).toBe(409);
    expect(json(cheap).message).toContain("El precio del activo cambió: ahora es 1.040 créditos");
    const own = await k.buy(seller, asset._id, seller.id);
    expect(own.statusCode).toBe(403);
    expect(json(own).message).toBe("No puedes comprar tu propio activo");
    const lend = await k.listFor(seller, { mainPurpose: "prestar" });
    const notForSale = await k.buy(buyer, lend._id, seller.id);
    expect(notForSale.statusCode).toBe(409);
    expect(json(notForSale).message).toBe("Este activo no está a la venta");
    const noMode = await k.buy(buyer, asset._id, seller.id, { modoPago: undefined });
    expect(noMode.statusCode).toBe(400);
    expect(json(noMode).message).toBe("Selecciona un método de pago");
    const anon = await k.req("POST", null, "/api/transacciones/crear", {});
    expect(anon.statusCode).toBe(401);
    const missing = await k.buy(buyer, "0190a0b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b", seller.id);
    expect(missing.statusCode).toBe(404);
    expect(await k.balance(buyer)).toEqual({ disponibles: 5000, bloqueados: 0 });
    await expectBalanced();
  });

  it("an asset in a deal cannot be bought again, deactivated, or finished by its owner", async () => {
    const { seller, buyer, asset } = await sellerAndBuyer();
    expect((await k.buy(buyer, asset._id, seller.id)).statusCode).toBe(201);
    const third = (await k.users(1))[0] as TestUser;
    await k.fund(third, 5000);
    const again = await k.buy(third, asset._id, seller.id);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toMatch(/ya no está disponible/);
    const deact = await k.req("PUT", seller, `/api/activos/desactivar/${asset._id}`);
    expect(deact.statusCode).toBe(409);
    const finish = await k.req("PUT", seller, `/api/operaciones/finalizar/${asset._id}`);
    expect(finish.statusCode).toBe(409);
    expect(json(finish).message).toMatch(/código de confirmación/);
    expect(await k.balance(third)).toEqual({ disponibles: 5000, bloqueados: 0 });
    await expectBalanced();
  });

  it("a retried purchase with the same Idempotency-Key pays once", async () => {
    const { seller, buyer, asset } = await sellerAndBuyer();
    const a = await k.buy(buyer, asset._id, seller.id, {}, "compra-1");
    const b = await k.buy(buyer, asset._id, seller.id, {}, "compra-1");
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers["idempotent-replayed"]).toBe("true");
    expect(json(b).custodia._id).toBe(json(a).custodia._id);
    expect(await k.balance(buyer)).toEqual({ disponibles: 5000 - PRICE, bloqueados: 0 });
  });
});

describe("cancel", () => {
  it("the offerer cancels while pendiente: refund, asset available again, hold still blocked", async () => {
    const { seller, buyer, asset } = await sellerAndBuyer();
    const c = json(await k.buy(buyer, asset._id, seller.id)).custodia;
    const byBuyer = await k.cancel(buyer, c._id);
    expect(byBuyer.statusCode).toBe(403);
    expect(json(byBuyer).message).toBe("Solo quien entrega el activo puede cancelar la custodia");
    const stranger = await signUp(t.app);
    expect((await k.cancel(stranger, c._id)).statusCode).toBe(404);
    const res = await k.cancel(seller, c._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).custodia.estado).toBe("cancelada");
    expect(json(res).custodia.codigoConfirmacion).toBeUndefined();
    expect(await k.balance(buyer)).toEqual({ disponibles: 5000, bloqueados: 0 });
    expect(await k.balance(seller)).toEqual({ disponibles: 0, bloqueados: PRICE });
    expect((await k.asset(seller, asset._id)).status).toBe("disponible");
    // Cancelling twice is one effect; confirming a cancelled custody is refused.
    expect((await k.cancel(seller, c._id)).statusCode).toBe(200);
    expect(await k.balance(buyer)).toEqual({ disponibles: 5000, bloqueados: 0 });
    const code = (await k.custodies(seller)).find((x) => x._id === c._id).codigoConfirmacion;
    expect(code).toBeUndefined();
    await expectBalanced();
  });

  it("a confirmed custody cannot be cancelled", async () => {
    const { seller, buyer, asset } = await sellerAndBuyer();
    const c = json(await k.buy(buyer, asset._id, seller.id)).custodia;
    expect((await k.confirm(buyer, await k.codeOf(seller, c._id))).statusCode).toBe(200);
    const res = await k.cancel(seller, c._id);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe("Esta custodia ya fue confirmada");
  });
});

describe("the code", () => {
  it("only the receiver can use it; five wrong codes lock the sixth even when right, for an hour", async () => {
    const { seller, buyer, asset } = await sellerAndBuyer();
    const c = json(await k.buy(buyer, asset._id, seller.id)).custodia;
    const code = await k.codeOf(seller, c._id);
    // The offerer and a stranger cannot confirm with the right code.
    const stranger = await signUp(t.app);
    for (const u of [seller, stranger]) {
      const r = await k.confirm(u, code);
      expect(r.statusCode).toBe(422);
      expect(json(r).message).toBe("Código de confirmación incorrecto");
    }
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i++) {
      const r = await k.confirm(buyer, wrong);
      expect(r.statusCode).toBe(422);
    }
    const sixth = await k.confirm(buyer, code);
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth).message).toMatch(/Ingresaste 5 códigos incorrectos/);
    expect(sixth.headers["retry-after"]).toBeTruthy();
    expect(await k.balance(seller)).toEqual({ disponibles: 0, bloqueados: PRICE });
    t.clock.advance(60 * 60 * 1000);
    const later = await k.confirm(buyer, code);
    expect(later.statusCode, later.body).toBe(200);
    const bad = await k.req("PUT", buyer, "/api/custodia/confirmar/12ab");
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe("El código de confirmación debe tener 6 dígitos");
  });

  it("with an Idempotency-Key a wrong code still counts, and the key is not kept: the same key runs again", async () => {
    const { seller, buyer, asset } = await sellerAndBuyer();
    const c = json(await k.buy(buyer, asset._id, seller.id)).custodia;
    const code = await k.codeOf(seller, c._id);
    const wrong = code === "000000" ? "000001" : "000000";
    // Five wrong codes, each with the same key: each is refused and counted (none is replayed).
    for (let i = 0; i < 5; i++) {
      const r = await k.confirm(buyer, wrong, `clave-${buyer.id}`);
      expect(r.statusCode).toBe(422);
      expect(r.headers["idempotent-replayed"]).toBeUndefined();
    }
    const sixth = await k.confirm(buyer, code, `otra-${buyer.id}`);
    expect(sixth.statusCode).toBe(429);
    expect(await k.balance(seller)).toEqual({ disponibles: 0, bloqueados: PRICE });
    t.clock.advance(60 * 60 * 1000);
    const later = await k.confirm(buyer, code, `otra-${buyer.id}`);
    expect(later.statusCode, later.body).toBe(200);
    // Now the key answered: a retry replays the answer and moves nothing again.
    const again = await k.confirm(buyer, code, `otra-${buyer.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
  });
});

describe("POST /api/custodia/asignar", () => {
  it("the owner assigns one of their assets; the code goes to the owner only; exchange moves the owner", async () => {
    const [owner, receiver] = (await k.users(2)) as [TestUser, TestUser];
    const a = await k.listFor(owner, { mainPurpose: "intercambiar" });
    const missing = await k.req("POST", owner, "/api/custodia/asignar", { assetId: "", receptorId: "" });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toContain("Debes completar ID del activo e ID del receptor");
    const self = await k.req("POST", owner, "/api/custodia/asignar", { assetId: a._id, receptorId: owner.id });
    expect(self.statusCode).toBe(400);
    const notOwner = await k.req("POST", receiver, "/api/custodia/asignar", { assetId: a._id, receptorId: owner.id });
    expect(notOwner.statusCode).toBe(403);
    const nobody = await k.req("POST", owner, "/api/custodia/asignar", {
      assetId: a._id,
      receptorId: "0190a0b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b",
    });
    expect(nobody.statusCode).toBe(404);
    expect(json(nobody).message).toBe("No encontramos al usuario que recibe");
    const res = await k.req("POST", owner, "/api/custodia/asignar", {
      assetId: a._id,
      receptorId: receiver.id,
      tipoTransaccion: "intercambio",
      notas: "Entrega en la portería",
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = json(res).custodia;
    expect(c).toMatchObject({ estado: "pendiente", tipoTransaccion: "intercambio", notas: "Entrega en la portería" });
    expect(c.codigoConfirmacion).toMatch(/^\d{6}$/);
    expect(c.creditosBloqueados).toBe(PRICE);
    const twice = await k.req("POST", owner, "/api/custodia/asignar", { assetId: a._id, receptorId: receiver.id });
    expect(twice.statusCode).toBe(409);
    // Nobody else sees it; the receiver sees it without the code.
    const stranger = await signUp(t.app);
    expect(await k.custodies(stranger)).toEqual([]);
    const mine = await k.custodies(receiver);
    expect(mine.map((x) => [x._id, x.miRol, x.codigoConfirmacion])).toEqual([[c._id, "receptor", undefined]]);
    const ok = await k.confirm(receiver, c.codigoConfirmacion);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).custodia.creditosBloqueados).toBe(PRICE);
    expect(await k.balance(owner)).toEqual({ disponibles: PRICE, bloqueados: 0 });
    expect((await k.asset(receiver, a._id)).userId._id).toBe(receiver.id);
    await expectBalanced();
  });

  it("a loan custody releases the hold but keeps the owner", async () => {
    const [owner, receiver] = (await k.users(2)) as [TestUser, TestUser];
    const a = await k.listFor(owner, { mainPurpose: "prestar" });
    const res = await k.req("POST", owner, "/api/custodia/asignar", {
      assetId: a._id,
      receptorId: receiver.id,
      tipoTransaccion: "prestamo",
    });
    expect(res.statusCode).toBe(201);
    expect((await k.confirm(receiver, json(res).custodia.codigoConfirmacion)).statusCode).toBe(200);
    const after = await k.asset(owner, a._id);
    expect(after.userId._id).toBe(owner.id);
    expect(after.status).toBe("disponible");
    expect(await k.balance(owner)).toEqual({ disponibles: PRICE, bloqueados: 0 });
  });
});

describe("the custody process table and its code", () => {
  it("every guard and effect the table names is implemented", async () => {
    const { CUSTODY_PROCESS, validateProcess } = await import("@valoriza/domain");
    const { custodyHandlers } = await import("./custody.process.ts");
    expect(
      validateProcess(CUSTODY_PROCESS, {
        guards: Object.keys(custodyHandlers.guards),
        effects: Object.keys(custodyHandlers.effects),
      }),
    ).toEqual([]);
  });

  it("the sale and custody calls are documented in /api/docs with their schemas", async () => {
    const r = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(r.statusCode).toBe(200);
    const paths = Object.keys(json(r).paths);
    for (const p of [
      "/api/transacciones/crear",
      "/api/custodia/mis-custodias",
      "/api/custodia/asignar",
      "/api/custodia/confirmar/{code}",
      "/api/custodia/cancelar/{id}",
    ]) {
      expect(paths).toContain(p);
    }
  });
});
