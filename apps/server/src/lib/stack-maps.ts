import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Stack traces of the built server (dist/server.cjs) name the TypeScript sources, as
 * `--enable-source-maps` does, but the map is read the first time a stack is written, not at
 * start (issue 21, ADR 019 amendment "The map read when a stack is written"): with the flag, Node
 * read and measured the bundle's 2.5 MB map while loading it (74 ms of CPU in a profile of one
 * start), for stacks most starts never write; and Node does not map code compiled by `vm.Script`,
 * as the launcher compiles the bundle. Frames of `file` (the bundle) are mapped through `file.map`
 * beside it; every other frame, and every frame when no map can be read, is left as V8 wrote it.
 * Does nothing without a map beside the file (under tsx).
 */
export function mapStacksLazily(file = ownFile()): boolean {
  if (!file) return false;
  const filePath = file.startsWith("file:") ? fileURLToPath(file) : file;
  const mapPath = `${filePath}.map`;
  if (!existsSync(mapPath)) return false; // read and parsed on first use
  let map: SourceMap | null | undefined;
  const dir = path.dirname(mapPath);
  const load = (): SourceMap | null => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(mapPath, "utf8")));
      } catch {
        map = null;
      }
    }
    return map;
  };
  const frame = (site: NodeJS.CallSite): string => {
    const written = String(site);
    if (site.getFileName() !== file) return written;
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    const m = line && column ? load() : null;
    if (!m || !line || !column) return written;
    const entry = m.findEntry(line - 1, column - 1) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (!entry?.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined)
      return written;
    const source = path.resolve(dir, entry.originalSource);
    return written.replace(
      `${file}:${line}:${column}`,
      `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
    );
  };
  Error.prepareStackTrace = (error, sites) => {
    let head: string;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = "Error";
    }
    return sites.length ? `${head}\n${sites.map((s) => `    at ${frame(s)}`).join("\n")}` : head;
  };
  return true;
}

/** The file this function was compiled from (the bundle, when running from it). */
function ownFile(): string | undefined {
  const saved = Error.prepareStackTrace;
  try {
    Error.prepareStackTrace = (_e, sites) => sites;
    const sites = new Error().stack as unknown as NodeJS.CallSite[];
    return sites[0]?.getFileName() ?? undefined;
  } finally {
    Error.prepareStackTrace = saved;
  }
}
