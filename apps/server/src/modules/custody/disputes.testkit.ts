/** Helpers of the dispute tests (not a test file itself). */
import { sql } from "drizzle-orm";
import { json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { loadSharp } from "../assets/index.ts";
import { verifyPeople } from "../limits/limits.testkit.ts";
import { kit } from "./custody.testkit.ts";

export const ADMINS = ["admin@valoriza.test", "admin2@valoriza.test"];

/** A small real PNG as a data URL (the server re-encodes evidence with sharp). */
export async function pngDataUrl(color = "#c0392b"): Promise<string> {
  const sharp = await loadSharp();
  const bytes = await sharp({ create: { width: 24, height: 16, channels: 3, background: color } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${bytes.toString("base64")}`;
}

export function disputeKit(t: () => TestContext) {
  const k = kit(t);
  let n = 0;
  const admins: TestUser[] = [];

  /** The two desk admins of the test app (createTestApp({ adminEmails: ADMINS })), identity-verified. */
  async function admin(i = 0): Promise<TestUser> {
    if (!admins[i]) {
      const u = await signUp(t().app, { email: ADMINS[i], name: `Admin${i + 1}` });
      await verifyPeople(t().database.db, u.id);
      admins[i] = u;
    }
    return admins[i] as TestUser;
  }

  /** A seller, a funded buyer and a pending sale paid with credits; the code is the seller's. */
  async function sale() {
    const [seller, buyer] = (await k.users(2)) as [TestUser, TestUser];
    await k.fund(buyer, 2000);
    const asset = await k.listFor(seller, { title: `Bicicleta ${++n}` });
    const r = await k.buy(buyer, asset._id, seller.id);
    if (r.statusCode !== 201) throw new Error(`buy: ${r.statusCode} ${r.body}`);
    const custodyId = json(r).custodia._id as string;
    return { seller, buyer, asset, custodyId, code: await k.codeOf(seller, custodyId) };
  }

  const open = (u: TestUser | null, custodyId: string, body: Record<string, unknown> = {}, key?: string) =>
    k.req(
      "POST",
      u,
      `/api/custodia/${custodyId}/disputa`,
      { motivo: "danado", descripcion: "La pantalla llegó rota y no enciende.", ...body },
      key,
    );

  const resolve = (u: TestUser | null, disputeId: string, body: Record<string, unknown>, key?: string) =>
    k.req("POST", u, `/api/admin/disputas/${disputeId}/resolver`, body, key);

  async function desk(u: TestUser, estado: "abierta" | "resuelta" = "abierta") {
    const r = await k.req("GET", u, `/api/admin/disputas?estado=${estado}`);
    if (r.statusCode !== 200) throw new Error(`desk: ${r.statusCode} ${r.body}`);
    // biome-ignore lint/suspicious/noExplicitAny: test reads JSON.
    return json(r).data as any[];
  }

  async function disputeOf(custodyId: string): Promise<string> {
    const rows = await t().database.db.execute(sql`select id from custody_disputes where custodia_id = ${custodyId}`);
    const id = (rows as unknown as { rows: { id: string }[] }).rows[0]?.id;
    if (!id) throw new Error("no dispute");
    return id;
  }

  async function logEntries(disputeId: string): Promise<number> {
    const rows = await t().database.db.execute(
      sql`select count(*)::int as n from admin_actions where accion = 'disputa_resuelta' and objeto_id = ${disputeId}`,
    );
    return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n);
  }

  async function transfersOf(custodyId: string): Promise<number> {
    const rows = await t().database.db.execute(
      sql`select count(*)::int as n from transfers where ref_type = 'custodia' and ref_id = ${custodyId}`,
    );
    return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n);
  }

  async function notes(u: TestUser) {
    return json(await k.req("GET", u, "/api/notificaciones/usuario")).data as {
      titulo: string;
      descripcion: string;
      relacionadoId: string;
      enlace: string | null;
    }[];
  }

  /** Both escrow checks: the ledger's invariants and custody escrow = payments of open custodies. */
  async function invariants() {
    const r = await k.invariants();
    return { problems: r.problems, escrowMatches: r.escrowMatches, escrow: r.escrow };
  }

  return { ...k, admin, sale, open, resolve, desk, disputeOf, logEntries, transfersOf, notes, invariants };
}
