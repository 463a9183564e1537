/** Helpers of the marketplace, withdrawal and admin tests (not a test file itself). */
import { sql } from "drizzle-orm";
import { json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { checkInvariants, transfer } from "../ledger/index.ts";

export const ADMIN_EMAIL = "admin@valoriza.test";

export function marketKit(t: () => TestContext) {
  const req = (
    method: "GET" | "POST" | "PUT" | "PATCH",
    u: TestUser | null,
    url: string,
    payload?: unknown,
    key?: string,
  ) =>
    t().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(u?.auth ?? {}), ...(key ? { "idempotency-key": key } : {}) },
    });

  async function fund(u: TestUser, amount: number) {
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

  async function balance(u: TestUser): Promise<number> {
    const r = await req("GET", u, "/api/profile");
    return json(r).data.creditosDisponibles as number;
  }

  async function system(kind: "tienda" | "retiros"): Promise<number> {
    const r = await t().database.db.execute(
      sql`select balance::bigint as b from accounts where user_id is null and kind = ${kind}`,
    );
    return Number((r as unknown as { rows: { b: number }[] }).rows[0]?.b ?? 0);
  }

  let adminUser: TestUser | undefined;
  async function admin(): Promise<TestUser> {
    adminUser ??= await signUp(t().app, { email: ADMIN_EMAIL, name: "Ana", apellido: "Admin" });
    return adminUser;
  }

  /** Signs the admin in again (after moving the clock past the token's lifetime). */
  async function relogin(): Promise<TestUser> {
    const a = await admin();
    const r = await t().app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: a.email, password: a.password },
    });
    const token = json(r).data.token as string;
    a.token = token;
    a.auth = { authorization: `Bearer ${token}` };
    return a;
  }

  async function product(over: Record<string, unknown> = {}) {
    const r = await req("POST", await admin(), "/api/admin/marketplace", {
      nombre: "Bono de mercado",
      categoria: "Bonos",
      descripcion: "Bono para mercado en tiendas aliadas",
      creditos: 100,
      stock: 5,
      ...over,
    });
    if (r.statusCode !== 201) throw new Error(`product: ${r.statusCode} ${r.body}`);
    return json(r).data as { _id: string; stock: number; creditos: number };
  }

  const buy = (u: TestUser | null, id: string, key?: string) =>
    req("POST", u, `/api/marketplace/${id}/comprar`, undefined, key);

  async function stockOf(id: string): Promise<number | undefined> {
    const list = json(await req("GET", null, "/api/marketplace")).data as { _id: string; stock: number }[];
    return list.find((p) => p._id === id)?.stock;
  }

  const users = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => signUp(t().app, { name: `C${i}` })));

  async function balanced() {
    const r = await checkInvariants(t().database.db);
    return r.problems;
  }

  return { req, fund, balance, system, admin, relogin, product, buy, stockOf, users, balanced };
}
