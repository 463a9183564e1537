/** Helpers of the sale/custody tests (not a test file itself). */
import { currentYearInColombia } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { checkInvariants, transfer } from "../ledger/index.ts";
import { verifyPeople } from "../limits/limits.testkit.ts";

export const YEAR = currentYearInColombia(new Date());

/** A good for sale: 2.000.000 COP, Tecnología, usado, bueno, 3 años -> 1040 credits. */
export const saleGood = (over: Record<string, unknown> = {}) => ({
  title: "Cámara Canon EOS",
  description: "Cámara réflex con lente 18-55",
  assetType: "bien",
  origin: "personal",
  category: "Tecnología",
  subcategory: "Cámaras",
  condition: "usado",
  physicalState: "bueno",
  yearOfPurchase: YEAR - 3,
  baseValueCOP: 2_000_000,
  location: "Chapinero",
  mainPurpose: "vender",
  privacy: "publico",
  images: [],
  ...over,
});
export const PRICE = 1040;

export function kit(t: () => TestContext) {
  const req = (method: "GET" | "POST" | "PUT", u: TestUser | null, url: string, payload?: unknown, key?: string) =>
    t().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(u?.auth ?? {}), ...(key ? { "idempotency-key": key } : {}) },
    });

  /** Gives the user spendable credits (a correcting transfer from emision: the ledger stays balanced). */
  async function fund(u: TestUser, amount: number) {
    if (amount === 0) return;
    await t().database.db.transaction((tx) =>
      transfer(tx, {
        from: { system: "emision" },
        to: { userId: u.id, kind: "disponible" },
        amount,
        kind: "correccion",
        description: "Fondos de prueba",
      }),
    );
  }

  async function listFor(seller: TestUser, over: Record<string, unknown> = {}) {
    const r = await req("POST", seller, "/api/assets", saleGood(over));
    if (r.statusCode !== 201) throw new Error(`asset: ${r.statusCode} ${r.body}`);
    return json(r).data as { _id: string; creditosAsignados: number };
  }

  async function balance(u: TestUser) {
    const r = await req("GET", u, "/api/profile");
    const d = json(r).data;
    return { disponibles: d.creditosDisponibles as number, bloqueados: d.creditosBloqueados as number };
  }

  const buy = (buyer: TestUser, assetId: string, sellerId: string, over: Record<string, unknown> = {}, key?: string) =>
    req(
      "POST",
      buyer,
      "/api/transacciones/crear",
      { activoId: assetId, compradorId: buyer.id, vendedorId: sellerId, modoPago: "creditos", ...over },
      key,
    );

  async function custodies(u: TestUser) {
    const r = await req("GET", u, "/api/custodia/mis-custodias");
    if (r.statusCode !== 200) throw new Error(`list: ${r.statusCode} ${r.body}`);
    // biome-ignore lint/suspicious/noExplicitAny: test reads JSON.
    return json(r).data as any[];
  }

  async function codeOf(seller: TestUser, custodyId: string): Promise<string> {
    const c = (await custodies(seller)).find((x) => x._id === custodyId);
    if (!c?.codigoConfirmacion) throw new Error("no code for the offerer");
    return c.codigoConfirmacion;
  }

  const confirm = (u: TestUser, code: string, key?: string) =>
    req("PUT", u, `/api/custodia/confirmar/${code}`, undefined, key);
  const cancel = (u: TestUser, id: string, key?: string) =>
    req("PUT", u, `/api/custodia/cancelar/${id}`, undefined, key);

  async function asset(u: TestUser, id: string) {
    return json(await req("GET", u, `/api/activos/${id}`)).data;
  }

  async function invariants() {
    const r = await checkInvariants(t().database.db);
    const escrow = await t().database.db.execute(sql`select
      (select balance from accounts where user_id is null and kind = 'custodia')::bigint as account,
      (select coalesce(sum(pago_creditos), 0) from custodias where estado in ('pendiente', 'en_disputa'))::bigint as pending`);
    const e = (escrow as unknown as { rows: { account: number; pending: number }[] }).rows[0];
    return { ...r, escrowMatches: Number(e?.account) === Number(e?.pending), escrow: e };
  }

  /**
   * `n` people whose identity is verified (ADR 015): the sale, exchange, loan, rental and donation
   * tests check that a completed operation releases the asset's credits as spendable, which only
   * identity-verified people get. People without verification: modules/limits' tests.
   */
  const users = async (n: number) => {
    const list = await Promise.all(Array.from({ length: n }, (_, i) => signUp(t().app, { name: `U${i}` })));
    await verifyPeople(t().database.db, ...list.map((u) => u.id));
    return list;
  };

  return { req, fund, listFor, balance, buy, custodies, codeOf, confirm, cancel, asset, invariants, users };
}

/** PostgreSQL: ignore errors the pool emits while the harness drops the test database. */
export function quietPool(database: Database): void {
  const pool = (database.db as unknown as { $client?: { on?: (e: string, f: () => void) => void } }).$client;
  if (database.kind === "postgres" && typeof pool?.on === "function") pool.on("error", () => {});
}
