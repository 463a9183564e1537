/**
 * Migrated database templates (issue 21, ADR 019): the SQL migrations are applied once and the
 * result is reused, instead of running initdb and every migration for each new database.
 *
 * - PGlite: a dump of a migrated data folder (`PGlite.dumpDataDir`), a tar file named after the
 *   migrations' hash. A new database (a test file's in-memory one, or a new DATA_DIR's on the first
 *   start) is loaded from it (`loadDataDir`), which skips initdb, the slow part of opening PGlite.
 * - PostgreSQL: a database named after the hash, cloned with `CREATE DATABASE x TEMPLATE t`.
 *
 * The hash covers every file of the drizzle folder and the PGlite version, so a changed or new
 * migration makes a new template; a template is only ever published complete (written under a
 * temporary name, then renamed).
 */
import { createHash } from "node:crypto";
import {
  closeSync,
  cpSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, MIGRATIONS_DIR, openDatabase } from "./client.ts";

function pgliteVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    let dir = path.dirname(require.resolve("@electric-sql/pglite"));
    for (let i = 0; i < 5; i++) {
      const file = path.join(dir, "package.json");
      if (existsSync(file)) {
        const p = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
        if (p.name === "@electric-sql/pglite") return p.version ?? "";
      }
      dir = path.dirname(dir);
    }
  } catch {}
  return "";
}

/** sha256 (16 hex digits) of every file under the drizzle folder, and the PGlite version. */
export function migrationsHash(dir: string = MIGRATIONS_DIR): string {
  const h = createHash("sha256");
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        h.update(path.relative(dir, p));
        h.update("\0");
        h.update(readFileSync(p));
        h.update("\0");
      }
    }
  };
  walk(dir);
  h.update(`pglite ${pgliteVersion()}`);
  // How a template is made (a change here makes new ones): 2, without template0 and template1.
  h.update("template 2");
  return h.digest("hex").slice(0, 16);
}

/**
 * PGlite's initdb leaves three databases; the app uses only `postgres`. `template0` and `template1`
 * serve CREATE DATABASE, which nothing runs on PGlite: dropped from the templates, a new data folder
 * copies about 11 MB and 670 files instead of 25 MB and 1270 (issue 21).
 */
async function dropTemplateDatabases(database: Database): Promise<void> {
  for (const name of ["template0", "template1"]) {
    await database.rawQuery(`alter database ${name} is_template false`);
    await database.rawQuery(`drop database ${name}`);
  }
}

/** Where the PGlite template of these migrations lives (one per hash). */
export function pgliteTemplateFile(folder: string = path.join(tmpdir(), "valoriza-templates")): string {
  return path.join(folder, `pglite-${migrationsHash()}.tar`);
}

/**
 * The PGlite template file, made (initdb + every migration + dump) when it is not there yet.
 * Safe when several processes ask at once: each writes its own temporary file and renames it.
 */
export async function ensurePgliteTemplate(file: string = pgliteTemplateFile()): Promise<string> {
  if (existsSync(file)) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  const database = await openDatabase({});
  try {
    await database.migrate();
    await dropTemplateDatabases(database);
    const client = database.pglite as PGlite;
    const dump = await client.dumpDataDir("none");
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
  } finally {
    await database.close();
  }
  return file;
}

/** The template file as a Blob for PGlite's loadDataDir; undefined when absent or unreadable. */
export function readPgliteTemplate(file: string): Blob | undefined {
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/**
 * The build's template for a new DATA_DIR (`npm start`): a migrated PGlite data folder, as plain
 * files. A first start copies it (tens of milliseconds for ~40 MB) and opens it like any existing
 * folder, instead of unpacking the tar dump inside PGlite (about a second on a 2-core machine).
 */
export function pgliteTemplateDir(folder: string): string {
  return path.join(folder, `pglite-${migrationsHash()}`);
}

const hasPgdata = (dir: string) => existsSync(path.join(dir, "pgdata", "PG_VERSION"));

/** Makes the template folder (initdb + every migration, on disk) when missing; published by a rename. */
export async function ensurePgliteTemplateDir(dir: string): Promise<string> {
  if (hasPgdata(dir)) return dir;
  const building = `${dir}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const database = await openDatabase({ dataDir: building });
  let redo = "";
  try {
    await database.migrate();
    await dropTemplateDatabases(database);
    // initdb and the migrations filled most of the first 16 MB WAL segment: start a new one and
    // checkpoint into it, so the only segment a copy needs is almost empty (copyWithoutZeroTail).
    await database.rawQuery("checkpoint");
    await database.rawQuery("select pg_switch_wal()");
    await database.rawQuery("checkpoint");
    const [row] = await database.rawQuery("select redo_wal_file from pg_control_checkpoint()");
    redo = String((row as { redo_wal_file?: unknown } | undefined)?.redo_wal_file ?? "");
  } finally {
    await database.close();
  }
  // The older segment, kept for reuse, is not needed to open the folder: PostgreSQL makes new ones.
  const wal = path.join(building, "pgdata", "pg_wal");
  if (/^[0-9A-F]{24}$/.test(redo) && existsSync(path.join(wal, redo))) {
    for (const f of readdirSync(wal)) if (/^[0-9A-F]{24}$/.test(f) && f !== redo) rmSync(path.join(wal, f));
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return dir;
}

/**
 * A new data folder's `pgdata` copied from the template folder; false when there is no template or
 * the folder already has one. Copied under a temporary name and renamed, so a start interrupted
 * halfway never leaves a half folder that would pass for an existing database.
 */
export function copyPgliteTemplateDir(templateDir: string, dataDir: string): boolean {
  const target = path.join(dataDir, "pgdata");
  if (!hasPgdata(templateDir) || existsSync(path.join(target, "PG_VERSION"))) return false;
  mkdirSync(dataDir, { recursive: true });
  const partial = path.join(dataDir, `pgdata.${process.pid}.tmp`);
  rmSync(partial, { recursive: true, force: true });
  const wal = path.join(templateDir, "pgdata", "pg_wal");
  const segments: string[] = [];
  cpSync(path.join(templateDir, "pgdata"), partial, {
    recursive: true,
    filter: (src) => {
      // WAL segments are copied below, without their zero tail.
      if (path.dirname(src) !== wal || !/^[0-9A-F]{24}$/.test(path.basename(src))) return true;
      segments.push(src);
      return false;
    },
  });
  for (const src of segments) copyWithoutZeroTail(src, path.join(partial, "pg_wal", path.basename(src)));
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  return true;
}

/**
 * A WAL segment is 16 MB allocated with zeros after its last record: written up to its last page
 * that is not all zeros and extended to its size as a hole, which reads as zeros (less than 1 MB
 * written instead of 16, about a third of a new folder's copy).
 */
function copyWithoutZeroTail(src: string, dst: string): void {
  const read = readFileSync(src);
  const data = read.byteOffset % 8 === 0 ? read : Buffer.from(read);
  const words = new BigUint64Array(data.buffer, data.byteOffset, Math.floor(data.length / 8));
  let last = words.length;
  while (last > 0 && words[last - 1] === 0n) last--;
  const PAGE = 8192;
  const used = Math.min(data.length, Math.max(PAGE, Math.ceil((last * 8) / PAGE) * PAGE));
  const fd = openSync(dst, "w");
  try {
    writeSync(fd, data, 0, used, 0);
    ftruncateSync(fd, data.length);
  } finally {
    closeSync(fd);
  }
}

/** Removes PGlite templates (files or folders) of other migration hashes next to `keep` (best effort). */
export function pruneStalePgliteTemplates(keep: string): void {
  const folder = path.dirname(keep);
  try {
    for (const f of readdirSync(folder)) {
      const p = path.join(folder, f);
      if (p !== keep && /^pglite-[0-9a-f]{16}(\.tar)?$/.test(f)) rmSync(p, { recursive: true, force: true });
    }
  } catch {}
}

// ---------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------

export const pgTemplateName = () => `vz_tmpl_${migrationsHash()}`;

async function withAdmin<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  c.on("error", () => {});
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end().catch(() => {});
  }
}

const dbUrl = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * The migrated template database on the server of `url` (made when missing, under an advisory
 * lock so that concurrent test runs build it once). Answers its name.
 */
export async function ensurePgTemplate(url: string): Promise<string> {
  const name = pgTemplateName();
  const exists = async (c: pg.Client) =>
    (await c.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  if (await withAdmin(url, exists)) return name;
  await withAdmin(url, async (c) => {
    await c.query("select pg_advisory_lock(hashtext('valoriza test template'))");
    try {
      if (await exists(c)) return;
      const building = `${name}_b${process.pid}`;
      await c.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${building}"`);
      const database = await openDatabase({ url: dbUrl(url, building), poolSize: 2 });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await c.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } finally {
      await c.query("select pg_advisory_unlock(hashtext('valoriza test template'))");
    }
  });
  return name;
}

/** A new database cloned from the template; answers its URL. */
export async function cloneFromPgTemplate(url: string, template: string, name: string): Promise<string> {
  await withAdmin(url, async (c) => {
    // CREATE DATABASE … TEMPLATE refuses while someone is connected to the template (a run
    // building it right now ends its connections before the rename): retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (e) {
        if (attempt >= 50 || !/being accessed by other users/.test((e as Error).message)) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  return dbUrl(url, name);
}
