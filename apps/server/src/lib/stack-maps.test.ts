import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A small program built as the server is (scripts/build.mjs: one ESM bundle, its map beside it,
// no sources in the map), run by node: what an operator reads in the logs when it throws.
const here = path.dirname(fileURLToPath(import.meta.url));
let dir: string;
let bundle: string;
const fixture = [
  `import { mapStacksLazily } from ${JSON.stringify(path.join(here, "stack-maps.ts"))};`,
  "const installed = mapStacksLazily();",
  "function falla(motivo: string): never {",
  '  throw new TypeError("sin saldo: " + motivo);', // line 4
  "}",
  "try {",
  "  falla('prueba');", // line 7
  "} catch (e) {",
  "  console.log(JSON.stringify({ installed, stack: (e as Error).stack }));",
  "}",
].join("\n");

const buildBundle = () =>
  build({
    entryPoints: [path.join(dir, "programa.ts")],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    sourcemap: true,
    sourcesContent: false,
    logLevel: "silent",
  });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "vz-stack-maps-"));
  writeFileSync(path.join(dir, "programa.ts"), fixture);
  bundle = path.join(dir, "dist", "programa.mjs");
  await buildBundle();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...flags: string[]): { installed: boolean; stack: string } {
  const r = spawnSync(process.execPath, [...flags, bundle], { encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim());
}

describe("stacks of the built server", () => {
  it("name the TypeScript source's lines, the message and the error's name intact", () => {
    const { installed, stack } = run();
    expect(installed).toBe(true);
    const lines = stack.split("\n");
    expect(lines[0]).toBe("TypeError: sin saldo: prueba");
    expect(lines[1]).toMatch(/^ {4}at falla \(.*programa\.ts:4:9\)$/);
    expect(lines[2]).toContain(`${path.join(dir, "programa.ts")}:7:3`);
    expect(stack).not.toContain("programa.mjs");
  });

  it("are left as V8 wrote them when no map lies beside the bundle", () => {
    rmSync(`${bundle}.map`, { force: true });
    const { installed, stack } = run();
    expect(installed).toBe(false);
    expect(stack.split("\n")[1]).toMatch(/at falla \(file:\/\/.*programa\.mjs:\d+:\d+\)$/);
  });
});

describe("with --enable-source-maps", () => {
  beforeAll(buildBundle);

  it("the stack names the TypeScript source all the same", () => {
    const { installed, stack } = run("--enable-source-maps");
    expect(installed).toBe(true);
    expect(stack.split("\n")[1]).toMatch(/^ {4}at falla \(.*programa\.ts:4:9\)$/);
  });
});
