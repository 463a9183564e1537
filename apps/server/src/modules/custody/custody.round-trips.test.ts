/**
 * Round trips of a sale on PostgreSQL (issue 7, ADR 012): a deal step's movements, activity
 * records, notifications and live events go to the database as one statement at the end of
 * the step (lib/batch.ts withDeferredWrites), not one statement each. Counted like
 * bench/transfers.ts: calls of the `pg` client's query. PostgreSQL only (PGlite has no network).
 * Before the deferred writes: 22 for a purchase with credits, 35 for its confirmation.
 *
 * Issue 21 (6 per deal step asked; reached by the purchase only, see docs/benchmarks.md): the engine's own writes
 * (history, timers, the deal's state, a review round's deal) and the records' and the asset's
 * changes are deferred into the step's statement (lib/batch.ts patchOrDefer, one update per row);
 * a step's locks are two statements (the asset through the deal, then the deal with its last
 * history); the release rule reads the brake, its queue and the window at once; the answer's view
 * and balances are one statement; the engine does not read back a record nobody reads. Before:
 * purchase 16, confirmation 41, exchange acceptance 38, loan approval 17. Then 6, 19, 29 and 12
 * (the purchase: its lock sent with BEGIN, its deal and custody one statement). Now 6, 13, 19 and 6:
 * a step's first reads (the locks, the record, the guards' reads) are foreseen and sent with BEGIN
 * (db/client.ts foresee), and the release rule's two locks each travel with the read they guard.
 * Then 4, 10, 13 and 4: the pool's connections pipeline (db/client.ts): the step's statement, a
 * release row and an exchange's closing of offers go behind the next query (executeBehind), and the
 * answer carries COMMIT (lastStatement); an acceptance's read of the other pending proposals is
 * foreseen. A round trip is counted when a query is sent with none of
 * its connection's outstanding (test/round-trips.ts).
 * Now 4, 5, 6 and 4: reads the code makes right after a ledger call travel behind it
 * (db/client.ts foreseeNext: an arrival's read behind the escrow's payout; the release rule's
 * locks and reads behind an asset's hold, when the asset's credits are still blocked); a closing
 * step's review-round names are read ahead (readAhead); a confirmation's code guard is in the
 * step's transaction (a wrong code committed, then refused: CommitThenThrow); an exchange's
 * proposal is read with BEGIN, its locks and reads foreseen by its id.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { countRoundTrips } from "../../test/round-trips.ts";
import { exchangeKit } from "../exchanges/exchanges.testkit.ts";
import { kit, PRICE } from "./custody.testkit.ts";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function roundTrips(fn: () => Promise<void>): Promise<number> {
  const r = await countRoundTrips(fn);
  if (process.env.RT_PRINT) {
    console.log(r.texts.map((t, i) => `#${r.trip[i]} ${t.replace(/\s+/g, " ").slice(0, 160)}`).join("\n"));
  }
  return r.trips;
}

/** How many notifications and movements `u` has. */
async function written(u: TestUser) {
  const notes = json(await k.req("GET", u, "/api/notificaciones/usuario")).data as unknown[];
  const moves = json(await k.req("GET", u, "/api/movimientos/mis-movimientos/all")).data as unknown[];
  return { notes: notes.length, moves: moves.length };
}

/** A seller with a listed asset and a funded buyer, both sessions in the session cache (as after a warm-up). */
async function saleReady() {
  const [seller, buyer] = (await k.users(2)) as [TestUser, TestUser];
  await k.fund(buyer, 5000);
  const asset = await k.listFor(seller);
  await k.balance(buyer);
  await k.balance(seller);
  return { seller, buyer, asset };
}

describe.runIf(onPostgres)("round trips of a sale with credits", () => {
  it("a purchase takes at most 4 and its confirmation at most 5, and both still notify both people", async () => {
    const { seller, buyer, asset } = await saleReady();

    const buy = await roundTrips(async () => {
      const r = await k.buy(buyer, asset._id, seller.id, { monto: PRICE });
      expect(r.statusCode, r.body).toBe(201);
    });
    const code = (await k.custodies(seller))[0].codigoConfirmacion as string;
    const before = await Promise.all([seller, buyer].map(written));
    const confirm = await roundTrips(async () => {
      const r = await k.confirm(buyer, code);
      expect(r.statusCode, r.body).toBe(200);
    });
    // Was 16, then 9, then 6. Now 4: begin with the asset's lock and the blocks (one message); the
    // deal, its custody (its code drawn) and the asset's hold read, in one statement; the escrow; the
    // step's one statement, the answer and commit, pipelined.
    expect(buy).toBeLessThanOrEqual(4);
    // Was 41, then 19, then 13, then 10. Now 5: begin with the code's guard and the custody of the
    // code; the two locks and the record (foreseen); the escrow's payout with the arrival's read and
    // the review round's names (read ahead); the arrival's receipt and the asset's hold released with
    // its release rule's locks and reads (the person's lock, the facts, the platform's lock, brake and
    // window); the release row, the step's one statement, the answer and commit.
    expect(confirm).toBeLessThanOrEqual(5);

    // What was deferred was written: the confirmation gave each side a notification and a movement.
    const after = await Promise.all([seller, buyer].map(written));
    for (const i of [0, 1]) {
      expect(after[i]?.notes, `notifications of ${i}`).toBeGreaterThan(before[i]?.notes ?? 0);
      expect(after[i]?.moves, `movements of ${i}`).toBeGreaterThan(before[i]?.moves ?? 0);
    }
  });
});

describe.runIf(onPostgres)("round trips of a sale with credits, with Idempotency-Keys (as the web app sends)", () => {
  it("the key row and the stored answer add 2 round trips to each step: purchase 6, confirmation 7", async () => {
    const { seller, buyer, asset } = await saleReady();
    const buy = await roundTrips(async () => {
      const r = await k.buy(buyer, asset._id, seller.id, { monto: PRICE }, `rt-buy-${buyer.id}`);
      expect(r.statusCode, r.body).toBe(201);
    });
    const code = (await k.custodies(seller))[0].codigoConfirmacion as string;
    const confirm = await roundTrips(async () => {
      const r = await k.confirm(buyer, code, `rt-confirm-${buyer.id}`);
      expect(r.statusCode, r.body).toBe(200);
    });
    // BEGIN with the key row (the step's opening then goes alone, after it: a replay never runs it);
    // the step's statement with the answer; the stored answer with COMMIT (behind it). The code's
    // guard goes right after the key row, in the same transaction.
    expect(buy).toBeLessThanOrEqual(6);
    expect(confirm).toBeLessThanOrEqual(7);
  });
});

const x = exchangeKit(() => t);

describe.runIf(onPostgres)("round trips of an exchange's acceptance and a loan's approval", () => {
  it("accepting a proposal with added credits takes at most 6; both assets change owner", async () => {
    const [ana, beto] = (await x.users(2)) as [TestUser, TestUser];
    await x.fund(ana, 3000);
    const a = await x.asset(ana);
    const b = await x.asset(beto);
    await x.balance(ana);
    await x.balance(beto);
    const p = json(await x.propose(ana, a._id, b._id, beto.id, { creditosAdicionales: 200 })).data as { _id: string };
    const accept = await roundTrips(async () => {
      const r = await x.setStatus(beto, p._id, "aceptada");
      expect(r.statusCode, r.body).toBe(200);
    });
    // Was 38, then 29, then 19, then 13. Now 6: begin with the proposal (who may act), the two
    // assets' lock (by the proposal's id), the deal's, the record, the blocks, the guard's re-read and
    // the other pending proposals (all foreseen); the offers closed with the review round's names (read
    // ahead) and the swap's re-read of the assets; each asset's hold released with its release rule's
    // locks and reads (the second with the first's release row); the added credits' escrow with the
    // second release row and the arrival's read; the receipt, the step's one statement, the answer and
    // commit.
    expect(accept).toBeLessThanOrEqual(6);
    expect((await x.ownerOf(a._id)).userId).toBe(beto.id);
    expect((await x.ownerOf(b._id)).userId).toBe(ana.id);
  });

  it("approving a loan with a credit guarantee takes at most 4; the guarantee is blocked", async () => {
    const [lender, borrower] = (await k.users(2)) as [TestUser, TestUser];
    await k.fund(borrower, 3000);
    const asset = await k.listFor(lender, { mainPurpose: "prestar", title: "Taladro" });
    await k.balance(lender);
    await k.balance(borrower);
    const res = await k.req("POST", borrower, "/api/loans/create", {
      activoId: asset._id,
      prestamistaId: lender.id,
      garantiaTipo: "creditos_bloqueados",
      garantiaValor: 500,
      plazoDias: 7,
      interes: 10,
      notas: "",
    });
    expect(res.statusCode, res.body).toBe(201);
    const loan = json(res).data as { _id: string };
    const approve = await roundTrips(async () => {
      const r = await k.req("POST", lender, `/api/loans/approve/${loan._id}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(json(r).data.estado).toBe("activo");
    });
    // Was 17, then 12, then 6. Now 4: begin with the two assets' lock, the asset's and the deal's, the
    // record, the blocks and the borrower's balances (all foreseen); the guarantee's hold; the
    // interest's escrow; the step's one statement, the answer and commit.
    expect(approve).toBeLessThanOrEqual(4);
    expect((await k.balance(borrower)).bloqueados).toBe(500);
  });
});
