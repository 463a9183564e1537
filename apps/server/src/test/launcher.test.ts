import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// scripts/launcher.mjs, copied by the build to dist/server.mjs, runs the CommonJS bundle beside it
// with V8's code cache (ADR 019). Here it runs a small program built as the server is: its output,
// the cache it keeps, and what an operator reads when the program throws.
const here = path.dirname(fileURLToPath(import.meta.url));
let dir: string;
let dist: string;
const program = (word: string) =>
  [
    `import { mapStacksLazily } from ${JSON.stringify(path.join(here, "..", "lib", "stack-maps.ts"))};`,
    "mapStacksLazily();",
    `console.log("programa ${word}");`,
    "function falla(): never {",
    '  throw new RangeError("sin cupo");', // line 5
    "}",
    "if (process.env.FALLA) {",
    "  try {",
    "    falla();",
    "  } catch (e) {",
    "    console.log((e as Error).stack);",
    "  }",
    "}",
    // Started, as server.ts says it, then alive for a moment: the launcher writes the warm cache.
    'process.emit("valoriza:started");',
    "setTimeout(() => {}, 400);",
  ].join("\n");

async function buildProgram(word: string) {
  writeFileSync(path.join(dir, "programa.ts"), program(word));
  await build({
    entryPoints: [path.join(dir, "programa.ts")],
    outfile: path.join(dist, "server.cjs"),
    bundle: true,
    platform: "node",
    format: "cjs",
    sourcemap: true,
    sourcesContent: false,
    logLevel: "silent",
  });
}

function launch(env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [path.join(dist, "server.mjs")], {
    encoding: "utf8",
    env: { ...process.env, VALORIZA_CODE_CACHE_DEBUG: "1", VALORIZA_CODE_CACHE_DELAY_MS: "50", ...env },
  });
  expect(r.status, r.stderr).toBe(0);
  return { out: r.stdout.trim(), cache: /valoriza code cache: (\w+)/.exec(r.stderr)?.[1] };
}

const cacheFile = () => path.join(dist, "server.cjs.cache");
/** The kind byte after the 32-byte key: 0 = the build's (compiled only), 1 = written after a start. */
const cacheKind = () => readFileSync(cacheFile())[32];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "vz-launcher-"));
  dist = path.join(dir, "dist");
  mkdirSync(dist);
  copyFileSync(path.join(here, "..", "..", "scripts", "launcher.mjs"), path.join(dist, "server.mjs"));
  await buildProgram("uno");
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the built server's launcher", () => {
  it("the build's run writes the compiled bundle's cache without running the program", () => {
    expect(launch({ VALORIZA_CODE_CACHE: "build" }).out).toBe("");
    expect(cacheKind()).toBe(0);
  });

  it("a start uses that cache, runs the program and leaves a warm cache for the next start", () => {
    expect(launch()).toEqual({ out: "programa uno", cache: "compiled" });
    expect(cacheKind()).toBe(1);
    expect(launch()).toEqual({ out: "programa uno", cache: "warm" });
  });

  it("a rebuilt bundle of the same length never runs from the old bundle's cache", async () => {
    await buildProgram("dos"); // "uno" and "dos": the same length, which is all V8 itself checks
    expect(launch()).toEqual({ out: "programa dos", cache: "none" });
    expect(launch()).toEqual({ out: "programa dos", cache: "warm" });
  });

  it("VALORIZA_CODE_CACHE=off neither reads nor writes the cache", () => {
    rmSync(cacheFile());
    expect(launch({ VALORIZA_CODE_CACHE: "off" })).toEqual({ out: "programa dos", cache: "none" });
    expect(existsSync(cacheFile())).toBe(false);
  });

  it("a stack thrown in the bundle names the TypeScript source's lines", () => {
    const { out } = launch({ FALLA: "1" });
    const lines = out.split("\n");
    expect(lines[1]).toBe("RangeError: sin cupo");
    expect(lines[2]).toMatch(/^ {4}at falla \(.*programa\.ts:5:9\)$/);
    expect(out).not.toContain("server.cjs");
  });
});
