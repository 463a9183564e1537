import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
/** Smaller files are not worth a second request path (and may grow). */
const MIN_BYTES = 512;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `file.br` (brotli, highest quality) and `file.gz` (gzip -9) next to
 * every text file of the build, once, at build time (ADR 012). The server
 * (@fastify/static `preCompressed`) sends them to browsers that accept them,
 * so no response is compressed on the fly.
 */
export async function precompressDir(dir: string): Promise<{ files: number; raw: number; brotli: number }> {
  let count = 0;
  let raw = 0;
  let brotli = 0;
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    if ((await stat(file)).size < MIN_BYTES) continue;
    const data = await readFile(file);
    const [b, g] = await Promise.all([
      br(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gz(data, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
    count++;
    raw += data.length;
    brotli += b.length;
  }
  return { files: count, raw, brotli };
}

export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "valoriza:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const r = await precompressDir(outDir);
      this.info?.(`precompressed ${r.files} files: ${r.raw} -> ${r.brotli} bytes (brotli)`);
    },
  };
}
