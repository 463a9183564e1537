// The built server's entry, copied by scripts/build.mjs to dist/server.mjs (issue 21, ADR 019
// amendment "A code cache for the bundle"): runs the bundle dist/server.cjs with V8's code cache.
//
// Node 20 has no compile cache for modules (`module.enableCompileCache` needs Node >= 22.1), so the
// bundle is CommonJS, compiled here with `vm.Script` and the cache V8 made of it, kept beside it in
// server.cjs.cache: the build writes one of the compiled bundle, and the first start that can write
// there replaces it, a second after the server says it has started ("valoriza:started", emitted on
// `process` by server.ts once it listens and its demo data is in), with one that also holds every
// function the start compiled: about 0.3 s less than no cache, 0.1 s for the build's alone. The
// cache begins with the SHA-256 of the Node version and the bundle's bytes: V8 itself checks only
// the source's length, and ran a rebuilt bundle of the same length from the old one's cache. A
// cache V8 rejects (another V8, other flags) or a folder that cannot be written (the image) only
// costs the compile, as before. VALORIZA_CODE_CACHE=build: write the compiled bundle's cache and
// exit (the build). VALORIZA_CODE_CACHE=off: neither read nor write it.
// VALORIZA_CODE_CACHE_DEBUG=1: one line on stderr telling what was used.
import { createHash } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const bundle = fileURLToPath(new URL("./server.cjs", import.meta.url));
const cacheFile = `${bundle}.cache`;
const mode = process.env.VALORIZA_CODE_CACHE ?? "on";
const WARM = 1;
const COMPILED = 0;

const bytes = readFileSync(bundle);
const key = createHash("sha256").update(process.version).update("\0").update(bytes).digest();
let cached;
let kind = -1;
if (mode === "on") {
  try {
    const data = readFileSync(cacheFile);
    if (data.length > key.length + 1 && key.equals(data.subarray(0, key.length))) {
      kind = data[key.length];
      cached = data.subarray(key.length + 1);
    }
  } catch {
    // no cache yet
  }
}

// The CommonJS wrapper, as Node's loader writes it: the bundle sees require, module and __filename.
const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname) {${bytes.toString("utf8")}\n})`,
  {
    filename: bundle,
    cachedData: cached,
  },
);
const used = cached !== undefined && !script.cachedDataRejected;
if (process.env.VALORIZA_CODE_CACHE_DEBUG === "1") {
  const what = cached === undefined ? "none" : used ? (kind === WARM ? "warm" : "compiled") : "rejected";
  process.stderr.write(`valoriza code cache: ${what}\n`);
}

function save(as) {
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([key, Buffer.from([as]), script.createCachedData()]));
    renameSync(tmp, cacheFile); // atomic: replicas starting together never read half a file
  } catch {
    rmSync(tmp, { force: true });
  }
}

if (mode === "build") {
  save(COMPILED);
} else {
  if (mode === "on" && !(used && kind === WARM)) {
    process.once("valoriza:started", () => {
      setTimeout(() => save(WARM), Number(process.env.VALORIZA_CODE_CACHE_DELAY_MS ?? 1000)).unref();
    });
  }
  const mod = { exports: {} };
  script.runInThisContext()(mod.exports, createRequire(bundle), mod, bundle, path.dirname(bundle));
}
