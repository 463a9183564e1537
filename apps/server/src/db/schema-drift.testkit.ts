/**
 * The schema drift test's machinery (schema-drift.test.ts): reads the migrated database's pg_catalog
 * and compares it, table by table, with drizzle's getTableConfig of db/schema, one readable line per
 * difference. Not a test file itself.
 */
import { is, SQL } from "drizzle-orm";
import { getTableConfig, IndexedColumn, PgDialect, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.ts";
import * as schema from "./schema/index.ts";

/** Objects that exist only in SQL on purpose: the TypeScript schema cannot or should not declare them. */
const SQL_ONLY = new Map<string, string>([
  ["rental_bookings.rental_bookings_no_overlap", "EXCLUDE USING gist: drizzle has no exclusion constraints (ADR 016)"],
]);

const dialect = new PgDialect();

/** A literal for a parameter of a rendered SQL fragment. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (typeof v === "object") return `'${JSON.stringify(v).replaceAll("'", "''")}'`;
  return `'${String(v).replaceAll("'", "''")}'`;
}

/** Renders a drizzle SQL fragment as text, its parameters inlined. */
function render(fragment: SQL): string {
  const q = dialect.sqlToQuery(fragment);
  return q.sql.replace(/\$(\d+)/g, (_, n: string) => literal(q.params[Number(n) - 1]));
}

/**
 * One spelling for two renderings of the same expression: PostgreSQL's deparser (pg_get_expr) adds
 * casts, parentheses and `= ANY (ARRAY[...])`; drizzle qualifies columns with their table.
 */
function normalizeExpr(s: string): string {
  let x = s.toLowerCase();
  x = x.replace(/"[a-z0-9_]+"\./g, ""); // "table".col
  x = x.replaceAll('"', "");
  // ::text, ::character varying(20), ::text[], ::timestamp with time zone
  x = x.replace(
    /::(character varying|timestamp with(out)? time zone|double precision|[a-z_][a-z0-9_]*)(\(\d+(,\s*\d+)?\))?(\[\])?/g,
    "",
  );
  x = x.replace(/\s*=\s*any\s*\(\s*array\s*\[([^\]]*)\]\s*\)/g, " in ($1)");
  x = x.replace(/<>\s*all\s*\(\s*array\s*\[([^\]]*)\]\s*\)/g, " not in ($1)");
  x = x.replace(/[()]/g, " ");
  x = x.replace(/\bcurrent_timestamp\b/g, "now");
  x = x.replace(/\s*,\s*/g, ",");
  x = x.replace(/\s+/g, " ").trim();
  return x;
}

/** The type as PostgreSQL's format_type writes it. */
function normalizeType(t: string): string {
  const x = t.toLowerCase().trim();
  const aliases: Record<string, string> = {
    timestamptz: "timestamp with time zone",
    "timestamp(6) with time zone": "timestamp with time zone",
    timestamp: "timestamp without time zone",
    int: "integer",
    int4: "integer",
    int8: "bigint",
    int2: "smallint",
    bool: "boolean",
    float8: "double precision",
    varchar: "character varying",
    serial: "integer",
    bigserial: "bigint",
  };
  return aliases[x] ?? x.replace(/^varchar\(/, "character varying(");
}

/** JSON with its keys sorted (jsonb stores keys in its own order). */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}

/** A default as comparable text: the expression normalized, a JSON literal canonical, a quoted number bare. */
function normalizeDefault(text: string, json: boolean): string {
  if (json) {
    const m = /^'(.*)'(::jsonb?)?$/s.exec(text.trim());
    if (m?.[1] !== undefined) {
      try {
        return canonicalJson(JSON.parse(m[1].replaceAll("''", "'")));
      } catch {
        // not a JSON literal: compared as an expression
      }
    }
  }
  return normalizeExpr(text).replace(/^'(-?\d+(\.\d+)?)'$/, "$1");
}

/** The default the TypeScript column declares, as DDL text (undefined: none in the database). */
function tsDefault(col: { default?: unknown }): string | undefined {
  const d = col.default;
  if (d === undefined) return undefined;
  return is(d, SQL) ? render(d) : literal(d);
}

const json = (col: { columnType: string }) => col.columnType === "PgJsonb" || col.columnType === "PgJson";

const FK_ACTIONS: Record<string, string> = {
  a: "no action",
  r: "restrict",
  c: "cascade",
  n: "set null",
  d: "set default",
};

interface DbColumn {
  table: string;
  column: string;
  type: string;
  not_null: boolean;
  default: string | null;
  identity: string;
  generated: string;
}
interface DbConstraint {
  table: string;
  name: string;
  type: "p" | "u" | "f" | "c" | "x";
  columns: string[] | null;
  ref_table: string | null;
  ref_columns: string[] | null;
  on_delete: string;
}
interface DbIndex {
  table: string;
  name: string;
  unique: boolean;
  method: string;
  predicate: string | null;
  keys: string[];
  backs_constraint: boolean;
}

async function rows<T>(db: Database, query: string): Promise<T[]> {
  const res = (await db.db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Arrays come back as arrays from node-postgres and as '{a,b}' text from some PGlite casts. */
const arr = (v: unknown): string[] =>
  Array.isArray(v)
    ? (v as string[])
    : typeof v === "string"
      ? v
          .replace(/^\{|\}$/g, "")
          .split(",")
          .filter(Boolean)
      : [];

export async function readCatalog(db: Database) {
  const tables = (
    await rows<{ table: string }>(
      db,
      `select c.relname as "table" from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    )
  ).map((r) => r.table);
  const columns = await rows<DbColumn>(
    db,
    `select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as type,
            a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as "default",
            a.attidentity::text as identity, a.attgenerated::text as generated
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const constraints = (
    await rows<DbConstraint>(
      db,
      `select c.relname as "table", k.conname as name, k.contype::text as type,
              (select array_agg(a.attname::text order by x.ord) from unnest(k.conkey) with ordinality x(num, ord)
                 join pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.num) as columns,
              f.relname as ref_table,
              (select array_agg(a.attname::text order by x.ord) from unnest(k.confkey) with ordinality x(num, ord)
                 join pg_attribute a on a.attrelid = k.confrelid and a.attnum = x.num) as ref_columns,
              k.confdeltype::text as on_delete
         from pg_constraint k
         join pg_class c on c.oid = k.conrelid
         join pg_namespace n on n.oid = c.relnamespace
         left join pg_class f on f.oid = k.confrelid
        where n.nspname = 'public' and k.contype in ('p', 'u', 'f', 'c', 'x')
        order by 1, 2`,
    )
  ).map((k) => ({ ...k, columns: arr(k.columns), ref_columns: arr(k.ref_columns) }));
  const indexes = (
    await rows<Omit<DbIndex, "keys"> & { keys: unknown }>(
      db,
      `select t.relname as "table", i.relname as name, x.indisunique as "unique", am.amname as method,
              pg_get_expr(x.indpred, x.indrelid) as predicate,
              (select array_agg(pg_get_indexdef(x.indexrelid, k, true) order by k)
                 from generate_series(1, x.indnkeyatts) k) as keys,
              exists (select 1 from pg_constraint k where k.conindid = x.indexrelid and k.conrelid = x.indrelid)
                as backs_constraint
         from pg_index x
         join pg_class i on i.oid = x.indexrelid
         join pg_class t on t.oid = x.indrelid
         join pg_namespace n on n.oid = t.relnamespace
         join pg_am am on am.oid = i.relam
        where n.nspname = 'public'
        order by 1, 2`,
    )
  ).map((i) => ({ ...i, keys: arr(i.keys) }));
  return { tables, columns, constraints, indexes };
}

export type Catalog = Awaited<ReturnType<typeof readCatalog>>;

export const tsTables = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((t) => getTableConfig(t))
  .filter((c) => (c.schema ?? "public") === "public")
  .sort((a, b) => a.name.localeCompare(b.name));

/** Every difference between the catalog and the TypeScript schema, one readable line each. */
export function compare(cat: Catalog) {
  const out = {
    tables: [] as string[],
    columns: [] as string[],
    keys: [] as string[],
    foreignKeys: [] as string[],
    checks: [] as string[],
    indexes: [] as string[],
  };
  const tsNames = new Set(tsTables.map((t) => t.name));
  for (const t of cat.tables) if (!tsNames.has(t)) out.tables.push(`${t}: en la base, no en db/schema`);
  for (const t of tsNames) if (!cat.tables.includes(t)) out.tables.push(`${t}: en db/schema, no en la base`);

  for (const t of tsTables) {
    if (!cat.tables.includes(t.name)) continue;
    const where = t.name;

    // Columns: the same set, and each one's type, nullability, default, identity and generation.
    const dbCols = new Map(cat.columns.filter((c) => c.table === t.name).map((c) => [c.column, c]));
    for (const name of dbCols.keys())
      if (!t.columns.some((c) => c.name === name)) out.columns.push(`${where}.${name}: en la base, no en db/schema`);
    for (const col of t.columns) {
      const d = dbCols.get(col.name);
      if (!d) {
        out.columns.push(`${where}.${col.name}: en db/schema, no en la base`);
        continue;
      }
      const at = `${where}.${col.name}`;
      const tsType = normalizeType(col.getSQLType());
      if (tsType !== normalizeType(d.type))
        out.columns.push(`${at}: tipo ${d.type} en la base, ${tsType} en db/schema`);
      if (col.notNull !== d.not_null) {
        out.columns.push(`${at}: ${d.not_null ? "NOT NULL" : "admite NULL"} en la base, al revés en db/schema`);
      }
      const identity = col.generatedIdentity?.type === "always" ? "a" : col.generatedIdentity ? "d" : "";
      if (identity !== (d.identity ?? ""))
        out.columns.push(`${at}: identity '${d.identity}' en la base, '${identity}' en db/schema`);
      const generated = col.generated ? "s" : "";
      if (generated !== (d.generated ?? "")) {
        out.columns.push(`${at}: ${d.generated ? "generada" : "no generada"} en la base, al revés en db/schema`);
      } else if (col.generated && d.default) {
        const tsExpr = col.generated.as;
        const tsText = is(tsExpr, SQL) ? render(tsExpr) : String(tsExpr);
        if (normalizeExpr(tsText) !== normalizeExpr(d.default))
          out.columns.push(`${at}: expresión generada distinta (base: ${d.default}; db/schema: ${tsText})`);
      }
      if (!col.generated && identity === "") {
        const want = tsDefault(col);
        if ((want === undefined) !== (d.default === null)) {
          out.columns.push(`${at}: default ${d.default ?? "ninguno"} en la base, ${want ?? "ninguno"} en db/schema`);
        } else if (
          want !== undefined &&
          d.default !== null &&
          normalizeDefault(want, json(col)) !== normalizeDefault(d.default, json(col))
        ) {
          out.columns.push(`${at}: default ${d.default} en la base, ${want} en db/schema`);
        }
      }
    }

    const dbCons = cat.constraints.filter((k) => k.table === t.name);
    const sqlOnly = (name: string) => SQL_ONLY.has(`${t.name}.${name}`);

    // Primary key: the same columns, in order.
    const tsPk = t.primaryKeys[0]?.columns.map((c) => c.name) ?? t.columns.filter((c) => c.primary).map((c) => c.name);
    const dbPk = dbCons.find((k) => k.type === "p")?.columns ?? [];
    if (tsPk.join(",") !== dbPk.join(",")) {
      out.keys.push(`${where}: clave primaria (${dbPk.join(", ")}) en la base, (${tsPk.join(", ")}) en db/schema`);
    }

    // Unique constraints (not unique indexes: those are indexes below), by columns.
    const tsUnique = [
      ...t.uniqueConstraints.map((u) => u.columns.map((c) => c.name).join(",")),
      ...t.columns.filter((c) => c.isUnique).map((c) => c.name),
    ].sort();
    const dbUnique = dbCons
      .filter((k) => k.type === "u")
      .map((k) => (k.columns ?? []).join(","))
      .sort();
    if (tsUnique.join(" | ") !== dbUnique.join(" | ")) {
      out.keys.push(`${where}: UNIQUE (${dbUnique.join(" | ")}) en la base, (${tsUnique.join(" | ")}) en db/schema`);
    }
    for (const k of dbCons.filter((k) => k.type === "x" && !sqlOnly(k.name))) {
      out.keys.push(`${where}: restricción de exclusión ${k.name} sin razón en SQL_ONLY`);
    }

    // Foreign keys by signature (hand-written SQL names them <table>_<column>_fkey; drizzle otherwise).
    const sig = (cols: string[], ref: string, refCols: string[], onDelete: string) =>
      `(${cols.join(", ")}) -> ${ref}(${refCols.join(", ")}) on delete ${onDelete}`;
    const tsFks = t.foreignKeys
      .map((fk) => {
        const r = fk.reference();
        return sig(
          r.columns.map((c) => c.name),
          getTableConfig(r.foreignTable).name,
          r.foreignColumns.map((c) => c.name),
          fk.onDelete ?? "no action",
        );
      })
      .sort();
    const dbFks = dbCons
      .filter((k) => k.type === "f")
      .map((k) => sig(k.columns ?? [], k.ref_table ?? "?", k.ref_columns ?? [], FK_ACTIONS[k.on_delete] ?? k.on_delete))
      .sort();
    for (const f of dbFks) if (!tsFks.includes(f)) out.foreignKeys.push(`${where}: ${f} en la base, no en db/schema`);
    for (const f of tsFks) if (!dbFks.includes(f)) out.foreignKeys.push(`${where}: ${f} en db/schema, no en la base`);

    // CHECK constraints by name (their expressions are SQL on both sides; the name says which rule).
    const tsChecks = t.checks.map((c) => c.name).sort();
    const dbChecks = dbCons
      .filter((k) => k.type === "c")
      .map((k) => k.name)
      .sort();
    for (const c of dbChecks)
      if (!tsChecks.includes(c)) out.checks.push(`${where}: CHECK ${c} en la base, no en db/schema`);
    for (const c of tsChecks)
      if (!dbChecks.includes(c)) out.checks.push(`${where}: CHECK ${c} en db/schema, no en la base`);

    // Indexes (those behind a primary key, UNIQUE or EXCLUDE constraint are compared above).
    const dbIdx = new Map(
      cat.indexes.filter((i) => i.table === t.name && !i.backs_constraint).map((i) => [i.name, i] as const),
    );
    for (const name of dbIdx.keys())
      if (!t.indexes.some((i) => i.config.name === name))
        out.indexes.push(`${where}: índice ${name} en la base, no en db/schema`);
    for (const ix of t.indexes) {
      const c = ix.config;
      const d = c.name ? dbIdx.get(c.name) : undefined;
      if (!d) {
        out.indexes.push(`${where}: índice ${c.name ?? "(sin nombre)"} en db/schema, no en la base`);
        continue;
      }
      const at = `${where}: índice ${c.name}`;
      if (c.unique !== d.unique)
        out.indexes.push(`${at}: ${d.unique ? "único" : "no único"} en la base, al revés en db/schema`);
      const method = c.method ?? "btree";
      if (method !== d.method) out.indexes.push(`${at}: método ${d.method} en la base, ${method} en db/schema`);
      const tsKeys = c.columns.map((k) =>
        is(k, IndexedColumn) ? (k.name ?? "") : is(k, SQL) ? normalizeExpr(render(k)) : String(k),
      );
      const dbKeys = d.keys.map((k) => normalizeExpr(k));
      if (tsKeys.map(normalizeExpr).join(" | ") !== dbKeys.join(" | ")) {
        out.indexes.push(`${at}: columnas (${d.keys.join(", ")}) en la base, (${tsKeys.join(", ")}) en db/schema`);
      }
      const tsWhere = c.where ? render(c.where) : null;
      if ((tsWhere === null) !== (d.predicate === null)) {
        out.indexes.push(
          `${at}: ${d.predicate ? `parcial (${d.predicate})` : "total"} en la base, ${tsWhere ? `parcial (${tsWhere})` : "total"} en db/schema`,
        );
      } else if (tsWhere !== null && d.predicate !== null && normalizeExpr(tsWhere) !== normalizeExpr(d.predicate)) {
        out.indexes.push(`${at}: condición (${d.predicate}) en la base, (${tsWhere}) en db/schema`);
      }
    }
  }
  return out;
}
