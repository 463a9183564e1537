import { sql } from "drizzle-orm";
/** Helpers of the exchange tests (not a test file itself). */
import { json, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit as custodyKit, saleGood } from "../custody/custody.testkit.ts";

export const good = (over: Record<string, unknown> = {}) => saleGood({ mainPurpose: "intercambiar", ...over });

export function exchangeKit(t: () => TestContext) {
  const k = custodyKit(t);
  const req = (method: "GET" | "POST" | "PATCH", u: TestUser | null, url: string, payload?: unknown, key?: string) =>
    t().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(u?.auth ?? {}), ...(key ? { "idempotency-key": key } : {}) },
    });

  async function asset(u: TestUser, over: Record<string, unknown> = {}) {
    const r = await req("POST", u, "/api/assets", good(over));
    if (r.statusCode !== 201) throw new Error(`asset: ${r.statusCode} ${r.body}`);
    return json(r).data as { _id: string; creditosAsignados: number; title: string };
  }

  const propose = (
    from: TestUser,
    offeredAssetId: string,
    requestedAssetId: string,
    targetUserId: string,
    over: Record<string, unknown> = {},
  ) =>
    req("POST", from, "/api/exchanges", {
      offeredAssetId,
      requestedAssetId,
      targetUserId,
      message: "¿Cambiamos?",
      ...over,
    });

  const setStatus = (u: TestUser, id: string, status: string, key?: string) =>
    req("PATCH", u, `/api/exchanges/${id}/status`, { status }, key);

  async function ownerOf(id: string): Promise<{ userId: string; status: string; privacy: string }> {
    const r = await t().database.db.execute(sql`select user_id, status, privacy from assets where id = ${id}`);
    const row = (r as unknown as { rows: { user_id: string; status: string; privacy: string }[] }).rows[0];
    if (!row) throw new Error("no asset");
    return { userId: row.user_id, status: row.status, privacy: row.privacy };
  }

  return { ...k, req, asset, propose, setStatus, ownerOf };
}
