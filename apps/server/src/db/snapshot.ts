/**
 * The drizzle-kit snapshot of db/schema (issue 18 item 6). `npm run db:generate -w @valoriza/server`
 * (drizzle-kit generate) writes a migration for the difference between db/schema and the NEWEST
 * snapshot in drizzle/meta. A migration written by hand leaves no snapshot behind, and the next
 * generate would then write again everything since the last one. `writeSchemaSnapshot` records
 * db/schema as the snapshot of the newest journal entry (scripts/db-snapshot.ts runs it);
 * `pendingSchemaChanges` is what generate would write now (schema-drift.test.ts expects nothing).
 * Test and tooling code: the server never imports it (drizzle-kit is a dev dependency).
 */
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type DrizzleSnapshotJSON, generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { MIGRATIONS_DIR } from "./client.ts";
import * as schema from "./schema/index.ts";

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

const metaDir = (dir: string) => path.join(dir, "meta");
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, "utf8")) as T;

/** The newest snapshot file, as drizzle-kit picks it (the last name in order). */
export function newestSnapshot(dir: string = MIGRATIONS_DIR): { file: string; json: DrizzleSnapshotJSON } {
  const files = readdirSync(metaDir(dir))
    .filter((f) => f.endsWith("_snapshot.json"))
    .sort();
  const last = files.at(-1);
  if (!last) throw new Error(`no snapshot in ${metaDir(dir)}`);
  const file = path.join(metaDir(dir), last);
  return { file, json: readJson<DrizzleSnapshotJSON>(file) };
}

/** db/schema as a drizzle-kit snapshot. */
export function schemaSnapshot(prevId?: string): DrizzleSnapshotJSON {
  return generateDrizzleJson(schema as Record<string, unknown>, prevId);
}

/** The SQL statements `db:generate` would write now (none when the newest snapshot is db/schema). */
export async function pendingSchemaChanges(dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const prev = newestSnapshot(dir).json;
  return generateMigration(prev, schemaSnapshot(prev.id));
}

/**
 * Writes db/schema as the snapshot of the newest journal entry (`NNNN_snapshot.json`): replaces it
 * (same id and prevId) when that entry already has one, else adds it after the newest snapshot.
 * Returns the file written.
 */
export function writeSchemaSnapshot(dir: string = MIGRATIONS_DIR): string {
  const journal = readJson<Journal>(path.join(metaDir(dir), "_journal.json"));
  const entry = journal.entries.at(-1);
  if (!entry) throw new Error("the journal has no migrations");
  const file = path.join(metaDir(dir), `${entry.tag.split("_")[0]}_snapshot.json`);
  const previous = newestSnapshot(dir);
  const own = existsSync(file) ? readJson<DrizzleSnapshotJSON>(file) : null;
  const prevId = own ? own.prevId : previous.json.id;
  // id and prevId first, as drizzle-kit writes its own snapshots.
  const { id: _id, prevId: _prevId, ...rest } = schemaSnapshot(prevId);
  const snapshot = { id: own?.id ?? randomUUID(), prevId, ...rest };
  writeFileSync(file, `${JSON.stringify(snapshot, null, 2)}\n`);
  return file;
}
