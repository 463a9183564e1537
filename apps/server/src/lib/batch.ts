import { type Column, getTableColumns, getTableName, is, SQL, type SQLChunk, sql, type Table } from "drizzle-orm";
import { type Executor, executeBehind, executeNamed } from "../db/client.ts";

/**
 * One statement, one round trip (issue 7, ADR 012): several areas' writes of one
 * business step sent together as data-modifying CTEs. Each area builds its own
 * part (its SQL, never executed alone) and reads its own result back; the caller
 * only joins them. Parts run against the same snapshot: no part sees another
 * part's rows, so none may read them (the caller sends rows to be read in an
 * earlier statement). A part may insert a row whose foreign key references a row
 * another part inserts (a registration's asset row and its public point):
 * foreign keys are checked when the whole statement has run, and a failed check
 * fails the whole statement. Every data-modifying part runs exactly once, and a
 * part that `returns` is a query whose rows come back (as JSON objects, keys as
 * the part's columns).
 */
export interface BatchPart {
  sql: SQL;
  /** The part is a query (or ends in RETURNING) whose rows the caller wants back. */
  returns?: boolean;
}

/** Runs the parts as one statement; answers the rows of each part (empty for parts that return nothing). */
export async function runBatch(exec: Executor, parts: readonly BatchPart[]): Promise<Record<string, unknown>[][]> {
  if (parts.length === 0) return [];
  // Named (prepared once per connection, db/client.ts executeNamed): a batch's text depends only on
  // which parts it has, so PostgreSQL parses and plans each kind of batch once per connection.
  const res = await executeNamed(exec, batchStatement(parts));
  const row = ((res as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {}) as Record<string, unknown>;
  return parts.map((p, i) => {
    if (!p.returns) return [];
    const v = row[`r${i}`];
    const list = typeof v === "string" ? JSON.parse(v) : v;
    return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  });
}

/** The one statement of `parts` (runBatch). */
function batchStatement(parts: readonly BatchPart[]): SQL {
  const ctes = sql.join(
    parts.map((p, i) => sql`${sql.raw(`p${i}`)} as (${p.sql})`),
    sql`, `,
  );
  const returning = parts.map((p, i) => ({ p, i })).filter(({ p }) => p.returns);
  // Data-modifying parts run whether or not they are read; query parts run only when read.
  const select =
    returning.length === 0
      ? sql`select 1 as done`
      : sql`select ${sql.join(
          returning.map(
            ({ i }) =>
              sql`(select coalesce(json_agg(${sql.raw(`p${i}`)}), '[]'::json) from ${sql.raw(`p${i}`)}) as ${sql.raw(`r${i}`)}`,
          ),
          sql`, `,
        )}`;
  return sql`with ${ctes} ${select}`;
}

/**
 * Writes nobody reads back in the same step (a movement, an activity record, a notification,
 * a live event, a deal's history and timers) can wait for the step's end: inside
 * {@link withDeferredWrites} they are queued and sent together as ONE statement when the step's
 * work is done, still inside its transaction (issue 7: fewer round trips per deal). Outside such
 * a scope they run at once, as one statement. Inserts and pg_notify are deferred with
 * {@link writeOrDefer}; an update only through {@link patchOrDefer}, which keeps one update per
 * row: several parts in one statement must not touch the same row.
 */
interface StepQueue {
  parts: BatchPart[];
  /** Row updates by row key ("<table>:<id>"): the step's patches of one row merged into one. */
  patches: Map<string, { patch: Record<string, unknown>; build: (patch: Record<string, unknown>) => SQL }>;
}
const deferred = new WeakMap<object, StepQueue>();

export async function writeOrDefer(exec: Executor, parts: readonly BatchPart[]): Promise<void> {
  if (parts.length === 0) return;
  const queue = deferred.get(exec);
  if (queue) queue.parts.push(...parts);
  else await runBatch(exec, parts);
}

/**
 * An update of one row (`key`: its table and id) that nobody reads back from the database before
 * the step ends: inside {@link withDeferredWrites} it is merged with the step's earlier patches of
 * the same row (later values win) and sent with the step's statement; outside, it runs at once.
 * `build` makes the update from the merged patch (one statement, no RETURNING). The row must
 * exist before the step's statement (not be inserted by it), and no other part may update it. A
 * reader of the row inside the step overlays {@link pendingPatch}.
 */
export async function patchOrDefer<P extends Record<string, unknown>>(
  exec: Executor,
  key: string,
  patch: P,
  build: (patch: P) => SQL,
): Promise<void> {
  const queue = deferred.get(exec);
  if (!queue) {
    await runBatch(exec, [{ sql: build(patch) }]);
    return;
  }
  const pending = queue.patches.get(key);
  if (pending) Object.assign(pending.patch, patch);
  else queue.patches.set(key, { patch: { ...patch }, build: build as (p: Record<string, unknown>) => SQL });
}

/** The not yet written patch of the row `key` in the step running on `exec`, if any. */
export function pendingPatch(exec: Executor, key: string): Record<string, unknown> | undefined {
  return deferred.get(exec)?.patches.get(key)?.patch;
}

/** `row` as the running step sees it: its pending patch (key "<table>:<row.id>") applied, if any. */
export function withPendingPatch<T extends { id: string }>(
  exec: Executor,
  table: string,
  row: T | undefined,
): T | undefined {
  const p = row ? pendingPatch(exec, `${table}:${row.id}`) : undefined;
  return row && p ? ({ ...row, ...p } as T) : row;
}

/** Whether the step running on `exec` holds a patch of a row whose key starts with `prefix`. */
export function hasPendingPatch(exec: Executor, prefix: string): boolean {
  for (const key of deferred.get(exec)?.patches.keys() ?? []) if (key.startsWith(prefix)) return true;
  return false;
}

/**
 * Sends what the running step queued so far (its scope stays open): for a write that must see the
 * step's earlier ones, e.g. a new deal on an asset whose previous deal the step has just closed.
 */
export async function flushDeferred(exec: Executor, behind = false): Promise<void> {
  const queue = deferred.get(exec);
  if (!queue || (queue.parts.length === 0 && queue.patches.size === 0)) return;
  const parts = [...queue.parts, ...[...queue.patches.values()].map(({ patch, build }) => ({ sql: build(patch) }))];
  queue.parts = [];
  queue.patches.clear();
  if (behind) await executeBehind(exec, batchStatement(parts));
  else await runBatch(exec, parts);
}

/** Runs `work` with the deferrable writes made on `exec` queued, then sends them as one statement. */
export async function withDeferredWrites<T>(exec: Executor, work: () => Promise<T>): Promise<T> {
  // A nested scope (a transition applied inside another) leaves the flush to the outer one.
  if (deferred.has(exec)) return work();
  const queue: StepQueue = { parts: [], patches: new Map() };
  deferred.set(exec, queue);
  try {
    const result = await work();
    // Nobody reads these rows back: the statement goes behind the step's next query (its answer),
    // in the same round trip (db/client.ts executeBehind).
    await flushDeferred(exec, true);
    return result;
  } finally {
    deferred.delete(exec);
  }
}

// ---------------------------------------------------------------------------
// Insert statements without the query builder (issue 21: per-call CPU). Drizzle's
// `db.insert(t).values(v)` walks every column of the table with its generic checks each time
// (a registration's 38-column asset row cost about 0.4 ms to build and 0.5 ms to compile); the
// parts of a batch are built on every call, so they use this: the same SQL (the columns given,
// each value encoded by its column as drizzle does, JS defaults applied), with the column list
// and the RETURNING list built once per table and set of columns.
// ---------------------------------------------------------------------------

interface TableShape {
  name: string;
  /** Insertable columns (generated ones left out), in table order. */
  columns: [string, Column][];
  /** " returning <every column>" as a raw chunk. */
  returning: SQL;
  /** "insert into t (cols) values (" per set of columns given (key: the column keys joined). */
  heads: Map<string, SQL>;
}

const shapes = new WeakMap<Table, TableShape>();
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function shapeOf(table: Table): TableShape {
  let s = shapes.get(table);
  if (!s) {
    const all = Object.entries(getTableColumns(table)) as [string, Column][];
    s = {
      name: quote(getTableName(table)),
      columns: all.filter(([, c]) => !(c as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert()),
      returning: sql.raw(` returning ${all.map(([, c]) => quote(c.name)).join(", ")}`),
      heads: new Map(),
    };
    shapes.set(table, s);
  }
  return s;
}

/** The SQL of `insert into <table> ... values (...)` for one row, as drizzle's insert writes it. */
function insertRowSql(table: Table, row: Record<string, unknown>, returning: boolean): SQL {
  const shape = shapeOf(table);
  const keys: string[] = [];
  const names: string[] = [];
  const chunks: SQLChunk[] = [];
  for (const [key, col] of shape.columns) {
    let v = row[key];
    if (v === undefined) {
      // drizzle's rules for a value not given: $defaultFn, else $onUpdateFn (no SQL default), else the column's default.
      if (col.defaultFn !== undefined) v = col.defaultFn();
      else if (!col.default && col.onUpdateFn !== undefined) v = col.onUpdateFn();
      else continue;
    }
    keys.push(key);
    names.push(quote(col.name));
    if (chunks.length > 0) chunks.push(COMMA);
    chunks.push(is(v, SQL) ? v : sql.param(v, col));
  }
  const headKey = keys.join(",");
  let head = shape.heads.get(headKey);
  if (!head) {
    head = sql.raw(`insert into ${shape.name} (${names.join(", ")}) values (`);
    if (shape.heads.size < 64) shape.heads.set(headKey, head);
  }
  return new SQL([head, ...chunks, returning ? CLOSE_RETURNING(shape) : CLOSE]);
}

const COMMA = sql.raw(", ");
const CLOSE = sql.raw(")");
const closeReturning = new WeakMap<TableShape, SQL>();
function CLOSE_RETURNING(shape: TableShape): SQL {
  let c = closeReturning.get(shape);
  if (!c) {
    c = new SQL([CLOSE, shape.returning]);
    closeReturning.set(shape, c);
  }
  return c;
}

/**
 * `rows.insert(table).values(row)`: the SQL of inserting one row (a batch part), the same statement
 * drizzle's `exec.insert(table).values(row).getSQL()` makes; `{ returning: true }` adds every column
 * (as `.returning()`). Only the table's own area calls it, in its repository
 * (src/test/table-owners.test.ts sees `.insert(table)` here as it does drizzle's).
 */
/** A row to insert, each value plain or SQL written into the statement as it is (as drizzle's insert takes). */
export type InsertValues<T extends Table> = { [K in keyof T["$inferInsert"]]: T["$inferInsert"][K] | SQL };

export const rows = {
  insert<T extends Table>(table: T) {
    return {
      values: (row: InsertValues<T>, opts: { returning?: boolean } = {}): SQL =>
        insertRowSql(table, row as Record<string, unknown>, opts.returning === true),
    };
  },
};
