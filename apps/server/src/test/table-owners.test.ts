/**
 * No module writes another area's tables (issue 18 item 3, ADR 024). Each table belongs to the area
 * of the schema file that defines it (db/schema/<area>.ts); an insert, update or delete on it may
 * appear only in that area's repository files (modules/<area>/*.repository.ts), or in the few
 * infrastructure files named below. A static scan of the server's source: drizzle calls
 * (`.insert(table)`, `.update(table)`, `.delete(table)`) and SQL text (`insert into t`, `update t`,
 * `delete from t`), comments left out. Tests, testkits, migrations and the SQL functions of the
 * ledger are not scanned.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rel = (f: string) => path.relative(SRC, f).split(path.sep).join("/");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const f = path.join(dir, n);
    return statSync(f).isDirectory() ? walk(f) : [f];
  });
}

/** Tables per schema file: { export name, SQL name, area (the file's name) }. */
function tables() {
  const out: { ident: string; name: string; area: string }[] = [];
  for (const f of walk(path.join(SRC, "db/schema"))) {
    const area = path.basename(f, ".ts");
    if (area === "index") continue;
    const text = readFileSync(f, "utf8");
    for (const m of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*"([a-z_]+)"/g)) {
      out.push({ ident: m[1] as string, name: m[2] as string, area });
    }
  }
  return out;
}

/**
 * Tables whose schema file is not their area's: they were created by the migration of another
 * issue and are defined beside it. Each is owned by the area named here.
 */
const OWNER_OVERRIDES: Record<string, string> = {
  // db/schema/mail.ts (issue 16's migration 0015_mail): the accounts side of users.
  account_tokens: "users",
  revoked_sessions: "users",
  rate_limit_hits: "users",
};

/** Areas without a module folder, or whose data layer is not a *.repository.ts file. */
const WRITERS: Record<string, string[]> = {
  idempotency: ["lib/idempotency.ts"],
  security: ["lib/throttle.ts"],
  // The ledger writes through its stored functions (ADR 002); its accounts are created here.
  ledger: ["modules/ledger/ledger.accounts.ts"],
};

/**
 * Known writes across areas, in areas other work is changing right now (issue 17 limits and
 * verification, issue 20 notifications): [file, area whose tables it writes]. To be routed through
 * the owner's index.ts (or the table moved to its real owner's schema file); a list that may only
 * shrink (the last test fails when an entry is no longer true).
 */
const KNOWN: [string, string][] = [
  // The release rule (ADR 015) runs inside the ledger's transaction; db/schema/limits.ts names
  // ledger.limits.ts as a writer of the limits tables (ledger.limits-release.ts: its queue and grants).
  ["modules/ledger/ledger.limits.ts", "limits"],
  ["modules/ledger/ledger.limits-release.ts", "limits"],
  // The limits desk logs its admin actions and marks accounts verified itself.
  ["modules/limits/limits.repository.ts", "admin"],
  ["modules/limits/limits.repository.ts", "users"],
  // An approved identity marks the account verified itself.
  ["modules/verification/verification.repository.ts", "users"],
  // notify() writes the delivery row (db/schema/push.ts) in the notification's statement (ADR 022).
  ["modules/notifications/notifications.repository.ts", "push"],
];

const isWriterOf = (file: string, area: string) =>
  (WRITERS[area] ?? []).includes(file) ||
  (file.startsWith(`modules/${area}/`) &&
    file.endsWith(".repository.ts") &&
    !file.slice(`modules/${area}/`.length).includes("/"));

/** Drops // and /* *\/ comments (not inside strings or templates: good enough for this source). */
const stripComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

function writes() {
  const all = tables();
  const byIdent = new Map(all.map((t) => [t.ident, t]));
  const byName = new Map(all.map((t) => [t.name, t]));
  const found: { file: string; table: string; owner: string; how: string }[] = [];
  const files = walk(SRC).filter(
    (f) =>
      f.endsWith(".ts") &&
      !/\.(test|testkit)\.ts$/.test(f) &&
      !rel(f).startsWith("test/") &&
      !rel(f).startsWith("db/schema/"),
  );
  for (const f of files) {
    const text = stripComments(readFileSync(f, "utf8"));
    const hit = (table: { name: string; area: string }, how: string) =>
      found.push({ file: rel(f), table: table.name, owner: OWNER_OVERRIDES[table.name] ?? table.area, how });
    for (const m of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const t = byIdent.get(m[2] as string);
      if (t) hit(t, `.${m[1]}(${m[2]})`);
    }
    for (const m of text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi)) {
      const t = byName.get((m[2] as string).toLowerCase());
      if (t) hit(t, `${(m[1] as string).toLowerCase().replace(/\s+/g, " ")} ${t.name}`);
    }
  }
  return found;
}

describe("who writes each table", () => {
  it("every table belongs to an area with a schema file", () => {
    const all = tables();
    expect(all.length).toBeGreaterThan(30);
    for (const t of all) expect(t.area).toMatch(/^[a-z]+$/);
  });

  it("the scan sees the writes it must (not vacuous)", () => {
    const w = writes();
    const seen = (file: string, table: string) => w.some((x) => x.file === file && x.table === table);
    expect(seen("modules/deals/deals.repository.ts", "deals")).toBe(true);
    expect(seen("modules/deals/deals.repository.ts", "deal_timers")).toBe(true);
    expect(seen("lib/idempotency.ts", "idempotency_keys")).toBe(true);
  });

  it("insert, update and delete on a table appear only in its own area's repository files", () => {
    const offenders = writes()
      .filter((w) => !isWriterOf(w.file, w.owner))
      .filter((w) => !KNOWN.some(([file, area]) => file === w.file && area === w.owner))
      .map((w) => `${w.file}: ${w.how} (tabla del área ${w.owner})`);
    expect([...new Set(offenders)]).toEqual([]);
  });

  it("the known exceptions are still real (the list only shrinks)", () => {
    const w = writes();
    for (const [file, area] of KNOWN)
      expect(
        w.some((x) => x.file === file && x.owner === area),
        `${file} ${area}`,
      ).toBe(true);
  });
});
