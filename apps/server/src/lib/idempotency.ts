import { createHash } from "node:crypto";
import { MSG } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  CommitThenThrow,
  type Db,
  executeBehind,
  type InlineStatements,
  runInline,
  type StatementRows,
  type Tx,
  transactionWith,
} from "../db/client.ts";
import { idempotencyKeys } from "../db/schema/index.ts";
import { AppError, badRequest } from "./errors.ts";
import { UUID_RE } from "./ids.ts";

/**
 * Idempotency-Key support (economy.md invariant 5: a retried request moves
 * credits at most once). The key row is written in the SAME transaction as the
 * effect, so either both commit or neither does.
 */

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const IDEMPOTENCY_KEY_MESSAGE = "La clave de idempotencia debe tener entre 1 y 200 caracteres imprimibles";
/** Printable ASCII, 1..200 characters, no leading or trailing space. */
const KEY_RE = /^[!-~](?:[ -~]{0,198}[!-~])?$/;

type StoredRow = { route: string; request_hash: string; status_code: number; response: string | null };

export interface IdempotentResponse<T = unknown> {
  statusCode: number;
  body: T;
}

export interface IdempotentResult<T = unknown> extends IdempotentResponse<T> {
  /** True when the stored answer of an earlier request with the same key was returned. */
  replayed: boolean;
}

export interface IdempotencyScope {
  /** The session user: keys are per user. */
  userId: string;
  /** The Idempotency-Key; undefined: no idempotency, `fn` just runs in a transaction. */
  key: string | undefined;
  /** The operation, e.g. 'POST /api/transacciones/crear': reusing a key on another route is a mismatch. */
  route: string;
  /** The request payload: reusing a key with a different payload is a mismatch. */
  body: unknown;
}

export function checkIdempotencyKey(key: unknown): string {
  if (typeof key !== "string" || !KEY_RE.test(key)) throw badRequest(IDEMPOTENCY_KEY_MESSAGE);
  return key;
}

/** JSON with object keys sorted at every level, so equal payloads hash equally. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date)) {
      const o = v as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(o)
          .sort()
          .map((k) => [k, o[k]]),
      );
    }
    return v;
  });
}

export function requestHash(route: string, body: unknown): string {
  return createHash("sha256")
    .update(route)
    .update("\u0000")
    .update(stableJson(body) ?? "")
    .digest("hex");
}

/**
 * Runs `fn` at most once per (userId, key), in ONE transaction:
 *  1. insert the key row first (ON CONFLICT DO NOTHING). A concurrent request
 *     with the same key blocks on the primary key until the first commits
 *     (then finds its row) or rolls back (then proceeds itself);
 *  2. the key already existed: re-read it (READ COMMITTED gives the statement a
 *     fresh snapshot that sees the committed row); same route and payload ->
 *     its stored answer (replayed), otherwise IDEMPOTENCY_MISMATCH (422);
 *  3. otherwise run `fn(tx)` and store its answer before the commit.
 * If `fn` throws, everything, the key included, rolls back: a retry runs again.
 * The stored body is the exact JSON text of the first answer (key order kept);
 * a replay returns it parsed, so Dates come back as ISO strings.
 */
export async function withIdempotency<T>(
  db: Db,
  scope: IdempotencyScope,
  fn: (tx: Tx) => Promise<IdempotentResponse<T>>,
): Promise<IdempotentResult<T>> {
  const r = await runOnce(db, scope, async (tx) => {
    const res = await fn(tx);
    return { statusCode: res.statusCode, stored: res.body, value: res.body };
  });
  return r.replayed
    ? { statusCode: r.statusCode, body: r.body as T, replayed: true }
    : { statusCode: r.statusCode, body: r.value, replayed: false };
}

type Work<R> = (tx: Tx, opened: StatementRows) => Promise<R>;

type RunOnceResult<V> =
  | { replayed: false; statusCode: number; value: V }
  | { replayed: true; statusCode: number; body: unknown };

/**
 * The core of withIdempotency: `fn` answers the status and body to store, and a value for the caller.
 * `opening` (see UnitOfWork) runs before `fn`: with BEGIN, in the same message, without a key; after
 * the key row (and only when `fn` runs, never for a replay) with one. The key row stays the first
 * thing a keyed transaction writes or waits on, as before: a request that reuses a key waits on
 * that row, never on something `opening` took first.
 */
async function runOnce<V>(
  db: Db,
  scope: IdempotencyScope,
  fn: Work<{ statusCode: number; stored: unknown; value: V }>,
  opening: InlineStatements = [],
): Promise<RunOnceResult<V>> {
  if (scope.key === undefined) {
    const r = await transactionWith(db, opening, fn);
    return { replayed: false, statusCode: r.statusCode, value: r.value };
  }
  const key = checkIdempotencyKey(scope.key);
  if (!UUID_RE.test(scope.userId)) throw badRequest(MSG.invalidData);
  const hash = requestHash(scope.route, scope.body);

  return transactionWith(
    db,
    [],
    async (tx): Promise<RunOnceResult<V>> => {
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ userId: scope.userId, key, route: scope.route, requestHash: hash, statusCode: 0, response: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });

      if (inserted.length === 0) {
        // The stored body is a jsonb string holding the exact JSON text: read it as text.
        const res = await tx.execute(sql`select route, request_hash, status_code, response #>> '{}' as response
        from idempotency_keys where user_id = ${scope.userId}::uuid and key = ${key}`);
        const prev = (res as unknown as { rows: StoredRow[] }).rows[0];
        if (!prev || prev.status_code === 0) {
          // Only possible if a row was written outside withIdempotency.
          throw new AppError("CONFLICT", "La solicitud con esta clave de idempotencia aún está en proceso");
        }
        if (prev.route !== scope.route || prev.request_hash !== hash) {
          throw new AppError("IDEMPOTENCY_MISMATCH", MSG.idempotencyMismatch);
        }
        const text = prev.response ?? "";
        return { replayed: true, statusCode: prev.status_code, body: text === "" ? undefined : JSON.parse(text) };
      }

      let res: Awaited<ReturnType<typeof fn>>;
      try {
        res = await fn(tx, await runInline(tx, opening));
      } catch (e) {
        // A failed work that keeps its writes (db/client.ts CommitThenThrow) keeps no key: a retry
        // with it runs again, as after any failure.
        if (e instanceof CommitThenThrow) {
          await tx.execute(sql`delete from idempotency_keys where user_id = ${scope.userId}::uuid and key = ${key}`);
        }
        throw e;
      }
      const text = JSON.stringify(res.stored) ?? "";
      // Nobody reads it back: it travels with COMMIT, which answers after it (db/client.ts executeBehind).
      await executeBehind(
        tx,
        sql`update idempotency_keys set status_code = ${res.statusCode}, response = to_jsonb(${text}::text)
      where user_id = ${scope.userId}::uuid and key = ${key}`,
      );
      return { replayed: false, statusCode: res.statusCode, value: res.value };
    },
    // The key row is written after `fn`: the work's last statement must not carry COMMIT.
    { commitEarly: false },
  );
}

/** The request's Idempotency-Key header, validated; undefined when absent. */
export function readIdempotencyKey(request: Pick<FastifyRequest, "headers">): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) {
    if (raw.length !== 1) throw badRequest(IDEMPOTENCY_KEY_MESSAGE);
    return checkIdempotencyKey(raw[0]);
  }
  return checkIdempotencyKey(raw);
}

/** Sends an idempotent result; a replay carries the header `Idempotent-Replayed: true`. */
export function sendIdempotent<T>(reply: FastifyReply, result: IdempotentResult<T>): FastifyReply {
  if (result.replayed) reply.header("idempotent-replayed", "true");
  return reply.status(result.statusCode).send(result.body);
}

// ---------------------------------------------------------------------------
// Route layer (ADR 004). A service that moves credits takes a UnitOfWork and runs
// its ONE write transaction through it; it returns a domain result, never an HTTP
// answer. The route decides what the unit of work is: a plain transaction, or an
// idempotent scope that writes the key row and the HTTP answer in that same
// transaction (economy.md invariant 5).
// ---------------------------------------------------------------------------

/**
 * Runs the service's write transaction. A service calls it once and returns what `work` returned.
 * `opening`: statements the transaction runs before `work` (db/client.ts InlineStatements; e.g. a
 * registration's limits lock and the owner's city), sent with BEGIN as one round trip on
 * PostgreSQL; `work` gets their rows, one list per statement, always all of them.
 */
export type UnitOfWork<T> = (work: Work<T>, opening?: InlineStatements) => Promise<T>;

/** A plain transaction: for callers without HTTP (seed, scripts) and tests. */
export const plainUnitOfWork =
  (db: Db) =>
  <T>(work: Work<T>, opening: InlineStatements = []): Promise<T> =>
    transactionWith(db, opening, work);

/**
 * Thrown through the service by an idempotent unit of work when the key was already used
 * with the same payload: the effect did NOT run again, the stored answer is sent instead.
 * A service that cleans up on errors (e.g. files written before the transaction) cleans up
 * and rethrows; it never swallows it.
 */
export class IdempotentReplay extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super("idempotent replay");
    this.name = "IdempotentReplay";
  }
}

export interface IdempotentRouteOptions<T, B> {
  db: Db;
  /** The session user: keys are per user. */
  userId: string;
  /** The operation, e.g. "PUT /activos/desactivar/<id>": reusing a key on another operation is a mismatch. */
  route: string;
  /** Status of a successful first answer (replays answer the stored status). */
  status: number;
  /** Builds the HTTP body from the service's domain result, inside the transaction, before the commit. */
  toBody: (result: T) => B;
}

/**
 * THE helper every credit-moving route uses: reads and validates the Idempotency-Key header,
 * gives the service a unit of work, sets the status and returns the body for the handler to
 * return (so the route's response schema serializes it): the fresh answer, or the stored one
 * with `Idempotent-Replayed: true`. Without the header the service runs in a plain transaction.
 *
 *   app.put("/x/:id", opts, (req, reply) =>
 *     idempotentReply(req, reply, { db, userId, route: `PUT /x/${id}`, status: 200, toBody },
 *       (uow) => service.doIt(user, id, uow)));
 */
export async function idempotentReply<T, B>(
  request: Pick<FastifyRequest, "headers" | "body">,
  reply: FastifyReply,
  opts: IdempotentRouteOptions<T, B>,
  call: (uow: UnitOfWork<T>) => Promise<T>,
): Promise<B> {
  const key = readIdempotencyKey(request);
  let answer: IdempotentResponse<B> | undefined;
  let ran = false;
  const uow: UnitOfWork<T> = async (work, opening) => {
    if (ran) throw new Error("a service must run its unit of work once");
    ran = true;
    let built: B | undefined;
    const res = await runOnce(
      opts.db,
      { userId: opts.userId, key, route: opts.route, body: request.body ?? null },
      async (tx, opened) => {
        const value = await work(tx, opened);
        // Built before the commit: the stored answer is exactly the one sent.
        built = opts.toBody(value);
        return { statusCode: opts.status, stored: built, value };
      },
      opening,
    );
    if (res.replayed) throw new IdempotentReplay(res.statusCode, res.body);
    answer = { statusCode: opts.status, body: built as B };
    return res.value;
  };
  try {
    await call(uow);
  } catch (e) {
    if (e instanceof IdempotentReplay) {
      reply.header("idempotent-replayed", "true").status(e.statusCode);
      // The stored JSON of the first answer, parsed: the same shape as B.
      return e.body as B;
    }
    throw e;
  }
  if (!answer) throw new Error("the service did not run its unit of work");
  reply.status(answer.statusCode);
  return answer.body;
}
