/**
 * Withdrawals (issue 11): admins only (403 for others, nothing moves), disponible ->
 * retiros answering creditosRestantes, validation in the spec's words, the
 * Nequi/Daviplata monthly cap per number, approval with the payout reference
 * (the destination is then masked), rejection with refund, parallel requests
 * never below zero, and the ledger balanced throughout.
 */
import { LOW_AMOUNT_WALLET_CAP } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { marketKit } from "../marketplace/marketplace.testkit.ts";

let t: TestContext;
const k = marketKit(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nequi = (monto: number, celular = "3001234567") => ({ tipo: "dinero", monto, metodo: "nequi", celular });
const bank = (monto: number) => ({
  tipo: "dinero",
  monto,
  metodo: "pse",
  banco: "Bancolombia",
  tipoCuenta: "ahorros",
  numeroCuenta: "123-456789-01",
  titular: "Ana Admin",
  tipoDocumento: "CC",
  numeroDocumento: "1020304050",
});

describe("POST /retiros", () => {
  it("a non-admin is refused with the spec's message and nothing moves", async () => {
    const [u] = (await k.users(1)) as [TestUser];
    await k.fund(u, 100);
    const r = await k.req("POST", u, "/api/retiros", nequi(10));
    expect(r.statusCode).toBe(403);
    expect(json(r).message).toBe(
      "Acceso restringido: Esta función está temporalmente disponible solo para administradores.",
    );
    expect((await k.req("GET", u, "/api/retiros/mis-retiros")).statusCode).toBe(403);
    expect(await k.balance(u)).toBe(100);
  });

  it("moves disponible -> retiros and answers creditosRestantes; the history masks the destination", async () => {
    const admin = await k.admin();
    await k.fund(admin, 1000);
    const before = await k.system("retiros");
    const r = await k.req("POST", admin, "/api/retiros", bank(300));
    expect(r.statusCode).toBe(201);
    expect(json(r).creditosRestantes).toBe((await k.balance(admin)) as number);
    expect(json(r).data).toMatchObject({ monto: 300, valorCOP: 300_000, metodo: "pse", estado: "pendiente" });
    expect(json(r).data.destino).toBe("Bancolombia ahorros ••••8901");
    expect(await k.system("retiros")).toBe(before + 300);
    const mine = json(await k.req("GET", admin, "/api/retiros/mis-retiros")).data;
    expect(mine[0]._id).toBe(json(r).data._id);
    expect(JSON.stringify(mine)).not.toContain("12345678901");
    expect(await k.balanced()).toEqual([]);
  });

  it("validates in Spanish: amount, method, destination", async () => {
    const admin = await k.admin();
    const zero = await k.req("POST", admin, "/api/retiros", nequi(0));
    expect(zero.statusCode).toBe(400);
    expect(json(zero).message).toMatch(/Por favor ingresa un monto mayor a cero para continuar\./);
    const noPhone = await k.req("POST", admin, "/api/retiros", { tipo: "dinero", monto: 5, metodo: "daviplata" });
    expect(noPhone.statusCode).toBe(400);
    expect(json(noPhone).message).toMatch(/número celular/);
    const bad = await k.req("POST", admin, "/api/retiros", { ...nequi(5), metodo: "bitcoin" });
    expect(bad.statusCode).toBe(400);
    const noAccount = await k.req("POST", admin, "/api/retiros", { tipo: "dinero", monto: 5, metodo: "wompi" });
    expect(noAccount.statusCode).toBe(400);
  });

  it("refuses short credits with no change", async () => {
    const admin = await k.admin();
    const have = await k.balance(admin);
    const r = await k.req("POST", admin, "/api/retiros", nequi(have + 1, "3110000000"));
    expect(r.statusCode).toBe(422);
    expect(json(r).message).toBe("No tienes suficientes créditos disponibles");
    expect(await k.balance(admin)).toBe(have);
  });

  it("Nequi/Daviplata: a month's withdrawals to one number stay within 210.5 UVT", async () => {
    const admin = await k.admin();
    await k.fund(admin, 30_000);
    const maxCredits = Math.floor(LOW_AMOUNT_WALLET_CAP.monthlyCOP / 1000); // 11.024 credits
    const first = await k.req("POST", admin, "/api/retiros", nequi(maxCredits - 24, "3209998877"));
    expect(first.statusCode).toBe(201);
    const over = await k.req("POST", admin, "/api/retiros", nequi(25, "3209998877"));
    expect(over.statusCode).toBe(422);
    expect(json(over).message).toContain("tope mensual de Nequi");
    expect(json(over).message).toContain("11.024.727 COP en 2026");
    expect(json(over).message).toContain("hasta 24 créditos más");
    expect((await k.req("POST", admin, "/api/retiros", nequi(24, "3209998877"))).statusCode).toBe(201);
    // Another number, or a bank account, has its own room.
    expect((await k.req("POST", admin, "/api/retiros", nequi(25, "3201112233"))).statusCode).toBe(201);
    // Next month the number has room again.
    t.clock.set(new Date(t.clock.now().getTime() + 32 * 24 * 3600 * 1000));
    await k.relogin();
    expect((await k.req("POST", admin, "/api/retiros", nequi(25, "3209998877"))).statusCode).toBe(201);
    expect(await k.balanced()).toEqual([]);
  });

  it("parallel withdrawals never take the balance below zero", async () => {
    const admin = await k.admin();
    const have = await k.balance(admin);
    // Drain to exactly 500, then 10 parallel requests of 100 to different numbers: 5 succeed.
    if (have > 500) await k.req("POST", admin, "/api/retiros", bank(have - 500));
    expect(await k.balance(admin)).toBe(500);
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) => k.req("POST", admin, "/api/retiros", nequi(100, `30000000${10 + i}`))),
    );
    expect(rs.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(rs.filter((r) => r.statusCode === 422)).toHaveLength(5);
    expect(await k.balance(admin)).toBe(0);
    expect(await k.balanced()).toEqual([]);
  });
});

describe("PATCH /admin/retiros/{id}", () => {
  it("aprobado needs the payout reference; then only the masked destination stays", async () => {
    const admin = await k.admin();
    await k.fund(admin, 200);
    const w = json(await k.req("POST", admin, "/api/retiros", nequi(50, "3157654321"))).data;
    const list = json(await k.req("GET", admin, "/api/admin/retiros?estado=pendiente"));
    const row = list.data.find((x: { _id: string }) => x._id === w._id);
    expect(row.destinoCompleto).toEqual({ celular: "3157654321" });
    const noRef = await k.req("PATCH", admin, `/api/admin/retiros/${w._id}`, { estado: "aprobado" });
    expect(noRef.statusCode).toBe(400);
    expect(json(noRef).message).toMatch(/referencia del pago/);
    const ok = await k.req("PATCH", admin, `/api/admin/retiros/${w._id}`, {
      estado: "aprobado",
      referencia: "NEQ-778899",
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data).toMatchObject({ estado: "aprobado", referencia: "NEQ-778899", destinoCompleto: null });
    expect(json(ok).data.destino).toBe("Nequi ••••4321");
    // Issue 15 item 21: a second approval (another admin, another payout) is a 409 naming the first reference.
    const twice = await k.req("PATCH", admin, `/api/admin/retiros/${w._id}`, {
      estado: "aprobado",
      referencia: "NEQ-000111",
    });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(json(twice).message).toBe(
      "Este retiro ya fue aprobado y pagado con la referencia NEQ-778899: no lo pagues de nuevo",
    );
    const list2 = json(await k.req("GET", admin, "/api/admin/retiros?estado=aprobado"));
    expect(list2.data.find((x: { _id: string }) => x._id === w._id).referencia).toBe("NEQ-778899");
    const again = await k.req("PATCH", admin, `/api/admin/retiros/${w._id}`, { estado: "rechazado" });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe("Este retiro ya fue aprobado");
    expect(await k.balanced()).toEqual([]);
  });

  it("rechazado returns the credits to the user, once", async () => {
    const admin = await k.admin();
    await k.fund(admin, 70);
    const start = await k.balance(admin);
    const w = json(await k.req("POST", admin, "/api/retiros", nequi(70, "3001231234"))).data;
    expect(await k.balance(admin)).toBe(start - 70);
    const r = await k.req("PATCH", admin, `/api/admin/retiros/${w._id}`, {
      estado: "rechazado",
      motivo: "Número no registrado en Nequi",
    });
    expect(r.statusCode).toBe(200);
    expect(json(r).data).toMatchObject({ estado: "rechazado", motivo: "Número no registrado en Nequi" });
    expect(await k.balance(admin)).toBe(start);
    await k.req("PATCH", admin, `/api/admin/retiros/${w._id}`, { estado: "rechazado" });
    expect(await k.balance(admin)).toBe(start);
    const mine = json(await k.req("GET", admin, "/api/retiros/mis-retiros")).data;
    expect(mine.find((x: { _id: string }) => x._id === w._id).estado).toBe("rechazado");
    expect(await k.balanced()).toEqual([]);
  });
});
