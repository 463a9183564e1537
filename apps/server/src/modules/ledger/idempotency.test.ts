import { MSG } from "@valoriza/domain";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import {
  IDEMPOTENCY_KEY_MESSAGE,
  IdempotentReplay,
  idempotentReply,
  readIdempotencyKey,
  requestHash,
  sendIdempotent,
  type UnitOfWork,
  withIdempotency,
} from "../../lib/idempotency.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { registerErrorHandler } from "../../plugins/error-handler.ts";
import { freshDatabase } from "../../test/harness.ts";
import { checkInvariants, getUserBalances, issueBlocked, releaseHold, transfer } from "./ledger.service.ts";
import { caught, createUser, ledgerFingerprint, quietPoolErrors } from "./ledger.testkit.ts";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  quietPoolErrors(database);
});
afterAll(() => drop());

const ROUTE = "POST /api/marketplace/:id/comprar";

async function funded(amount: number): Promise<string> {
  const u = await createUser(database.db);
  const ref = uuidv7();
  await database.db.transaction((tx) => issueBlocked(tx, { userId: u, amount, refType: "activo", refId: ref }));
  await database.db.transaction((tx) => releaseHold(tx, { refType: "activo", refId: ref }));
  return u;
}

/** The business operation: pay `price` to the marketplace and answer like a route would. */
const buy = (userId: string, price: number) => async (tx: Tx) => {
  const r = await transfer(tx, {
    from: { userId, kind: "disponible" },
    to: { system: "tienda" },
    amount: price,
    kind: "compra_tienda",
  });
  return {
    statusCode: 201,
    body: { success: true, message: "Compra realizada", data: { transferId: r.transferId, restantes: r.fromBalance } },
  };
};

const call = (userId: string, key: string | undefined, body: unknown, price = 10, route = ROUTE) =>
  withIdempotency(database.db, { userId, key, route, body }, buy(userId, price));

describe("withIdempotency", () => {
  it("without a key just runs the operation in a transaction, every time", async () => {
    const u = await funded(50);
    const a = await call(u, undefined, { id: 1 });
    const b = await call(u, undefined, { id: 1 });
    expect(a).toMatchObject({ statusCode: 201, replayed: false });
    expect(b).toMatchObject({ statusCode: 201, replayed: false });
    expect((await getUserBalances(database.db, u)).creditosDisponibles).toBe(30);
  });

  it("same key and same payload: the same answer, one effect", async () => {
    const u = await funded(50);
    const key = `compra-${uuidv7()}`;
    const first = await call(u, key, { productoId: "p1", cantidad: 1 });
    expect(first.replayed).toBe(false);
    const before = await ledgerFingerprint(database.db);
    // Same payload with its keys in another order is the same request.
    const second = await call(u, key, { cantidad: 1, productoId: "p1" });
    expect(second.replayed).toBe(true);
    expect(second.statusCode).toBe(201);
    expect(second.body).toEqual(first.body);
    // The stored answer keeps the exact JSON text (key order included).
    expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
    expect(await ledgerFingerprint(database.db)).toBe(before);
    expect((await getUserBalances(database.db, u)).creditosDisponibles).toBe(40);
  });

  it("same key with a different payload or route: IDEMPOTENCY_MISMATCH (422), no effect", async () => {
    const u = await funded(50);
    const key = uuidv7();
    await call(u, key, { productoId: "p1" });
    const before = await ledgerFingerprint(database.db);
    const e = await caught(() => call(u, key, { productoId: "p2" }));
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ code: "IDEMPOTENCY_MISMATCH", status: 422, message: MSG.idempotencyMismatch });
    expect(e.message).toBe("La clave de idempotencia ya se usó con una solicitud diferente");
    const e2 = await caught(() => call(u, key, { productoId: "p1" }, 10, "POST /api/retiros"));
    expect(e2).toMatchObject({ code: "IDEMPOTENCY_MISMATCH" });
    expect(await ledgerFingerprint(database.db)).toBe(before);
  });

  it("keys are per user", async () => {
    const a = await funded(20);
    const b = await funded(20);
    const key = "misma-clave";
    expect((await call(a, key, {})).replayed).toBe(false);
    expect((await call(b, key, {})).replayed).toBe(false);
    expect((await getUserBalances(database.db, a)).creditosDisponibles).toBe(10);
    expect((await getUserBalances(database.db, b)).creditosDisponibles).toBe(10);
  });

  it("a failed operation stores nothing: the retry runs again", async () => {
    const u = await funded(5);
    const key = uuidv7();
    const e = await caught(() => call(u, key, { x: 1 }, 10));
    expect(e).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    // Funds arrive; the retry with the same key is a first execution, not a replay.
    const ref = uuidv7();
    await database.db.transaction((tx) => issueBlocked(tx, { userId: u, amount: 5, refType: "activo", refId: ref }));
    await database.db.transaction((tx) => releaseHold(tx, { refType: "activo", refId: ref }));
    const r = await call(u, key, { x: 1 }, 10);
    expect(r).toMatchObject({ replayed: false, statusCode: 201 });
    expect((await getUserBalances(database.db, u)).creditosDisponibles).toBe(0);
  });

  it("concurrent requests with one key: one effect, every caller gets the same answer", async () => {
    const u = await funded(100);
    const key = uuidv7();
    const results = await Promise.all(Array.from({ length: 10 }, () => call(u, key, { productoId: "p9" })));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect((await getUserBalances(database.db, u)).creditosDisponibles).toBe(90);
    const inv = await checkInvariants(database.db);
    expect(inv.problems).toEqual([]);
  });

  it("validates the key: 1..200 printable characters", async () => {
    const u = await funded(20);
    for (const bad of ["", " ", " a", "a ", "x".repeat(201), "tab\there", "ñandú", "a\nb"]) {
      const e = await caught(() => call(u, bad, {}));
      expect(e).toMatchObject({ status: 400, message: IDEMPOTENCY_KEY_MESSAGE });
    }
    expect((await call(u, "x".repeat(200), {})).replayed).toBe(false);
    expect((await call(u, "a b~!", {})).replayed).toBe(false);
  });

  it("hashes route and canonical payload", () => {
    expect(requestHash("R", { a: 1, b: [1, { d: 2, c: 3 }] })).toBe(requestHash("R", { b: [1, { c: 3, d: 2 }], a: 1 }));
    expect(requestHash("R", { a: 1 })).not.toBe(requestHash("R", { a: 2 }));
    expect(requestHash("R", { a: 1 })).not.toBe(requestHash("S", { a: 1 }));
    expect(requestHash("R", [1, 2])).not.toBe(requestHash("R", [2, 1]));
  });
});

describe("Fastify helpers", () => {
  it("reads and validates the Idempotency-Key header", () => {
    expect(readIdempotencyKey({ headers: {} })).toBeUndefined();
    expect(readIdempotencyKey({ headers: { "idempotency-key": "abc-123" } })).toBe("abc-123");
    expect(() => readIdempotencyKey({ headers: { "idempotency-key": "" } })).toThrow(IDEMPOTENCY_KEY_MESSAGE);
    expect(() => readIdempotencyKey({ headers: { "idempotency-key": ["a", "b"] as unknown as string } })).toThrow(
      IDEMPOTENCY_KEY_MESSAGE,
    );
  });

  it("a route replays its stored answer with the Idempotent-Replayed header", async () => {
    const u = await funded(30);
    const app = Fastify();
    app.post("/comprar", async (req, reply) => {
      const r = await withIdempotency(
        database.db,
        { userId: u, key: readIdempotencyKey(req), route: "POST /comprar", body: req.body },
        buy(u, 10),
      );
      return sendIdempotent(reply, r);
    });
    const send = () =>
      app.inject({ method: "POST", url: "/comprar", headers: { "idempotency-key": "k-1" }, payload: { p: 1 } });
    const a = await send();
    const b = await send();
    expect(a.statusCode).toBe(201);
    expect(a.headers["idempotent-replayed"]).toBeUndefined();
    expect(b.statusCode).toBe(201);
    expect(b.headers["idempotent-replayed"]).toBe("true");
    expect(b.body).toBe(a.body);
    expect((await getUserBalances(database.db, u)).creditosDisponibles).toBe(20);
    await app.close();
  });
});

describe("idempotentReply (the route-layer helper, ADR 004)", () => {
  /** A service in the ADR 004 shape: takes a unit of work, returns a domain result. */
  const service = {
    cleanups: 0,
    async pay(userId: string, price: number, uow: UnitOfWork<{ transferId: number; restantes: number }>) {
      try {
        return await uow(async (tx) => {
          const r = await transfer(tx, {
            from: { userId, kind: "disponible" },
            to: { system: "tienda" },
            amount: price,
            kind: "compra_tienda",
          });
          return { transferId: r.transferId, restantes: r.fromBalance };
        });
      } catch (e) {
        this.cleanups++;
        throw e;
      }
    },
  };

  async function appFor(userId: string) {
    const app = Fastify();
    registerErrorHandler(app);
    app.post("/pagar", (req, reply) =>
      idempotentReply(
        req,
        reply,
        {
          db: database.db,
          userId,
          route: "POST /pagar",
          status: 201,
          toBody: (r: { transferId: number; restantes: number }) => ({ success: true as const, data: r }),
        },
        (uow) => service.pay(userId, (req.body as { price: number }).price, uow),
      ),
    );
    return app;
  }
  const post = (app: Awaited<ReturnType<typeof appFor>>, payload: Record<string, unknown>, key?: string) =>
    app.inject({ method: "POST", url: "/pagar", headers: key ? { "idempotency-key": key } : {}, payload });

  it("first call: the service's result becomes the body; a retry replays it without running the effect", async () => {
    const u = await funded(50);
    const app = await appFor(u);
    const a = await post(app, { price: 10 }, "pago-1");
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ success: true, data: { restantes: 40 } });
    expect(a.headers["idempotent-replayed"]).toBeUndefined();
    const before = await ledgerFingerprint(database.db);
    const cleanupsBefore = service.cleanups;
    const b = await post(app, { price: 10 }, "pago-1");
    expect(b.statusCode).toBe(201);
    expect(b.headers["idempotent-replayed"]).toBe("true");
    expect(b.body).toBe(a.body);
    expect(await ledgerFingerprint(database.db)).toBe(before);
    // The replay passed through the service as an IdempotentReplay (so it could clean up).
    expect(service.cleanups).toBe(cleanupsBefore + 1);
    await app.close();
  });

  it("without a key every call runs; a reused key with another payload answers 422", async () => {
    const u = await funded(50);
    const app = await appFor(u);
    expect((await post(app, { price: 5 })).statusCode).toBe(201);
    expect((await post(app, { price: 5 })).statusCode).toBe(201);
    expect((await getUserBalances(database.db, u)).creditosDisponibles).toBe(40);
    await post(app, { price: 5 }, "k-x");
    const mismatch = await post(app, { price: 6 }, "k-x");
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toMatchObject({ success: false, code: "IDEMPOTENCY_MISMATCH" });
    expect((await getUserBalances(database.db, u)).creditosDisponibles).toBe(35);
    await app.close();
  });

  it("a failing service stores no key (same transaction): the retry is a first execution", async () => {
    const u = await funded(5);
    const app = await appFor(u);
    const failed = await post(app, { price: 10 }, "k-fail");
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    const ok = await post(app, { price: 5 }, "k-fail-2");
    expect(ok.statusCode).toBe(201);
    // The failed key was rolled back with the effect: using it now with a new payload is not a mismatch.
    const ref = uuidv7();
    await database.db.transaction((tx) => issueBlocked(tx, { userId: u, amount: 10, refType: "activo", refId: ref }));
    await database.db.transaction((tx) => releaseHold(tx, { refType: "activo", refId: ref }));
    const retry = await post(app, { price: 10 }, "k-fail");
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect((await getUserBalances(database.db, u)).creditosDisponibles).toBe(0);
    await app.close();
  });

  it("concurrent requests with one key move credits once", async () => {
    const u = await funded(100);
    const app = await appFor(u);
    const rs = await Promise.all(Array.from({ length: 6 }, () => post(app, { price: 7 }, "k-conc")));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(rs.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(5);
    expect(new Set(rs.map((r) => r.body)).size).toBe(1);
    expect((await getUserBalances(database.db, u)).creditosDisponibles).toBe(93);
    await app.close();
  });

  it("IdempotentReplay carries the stored answer", () => {
    const e = new IdempotentReplay(201, { a: 1 });
    expect(e).toMatchObject({ statusCode: 201, body: { a: 1 } });
  });
});
