// Builds the server into one plain-JavaScript file, apps/server/dist/server.cjs
// (ADR 012), run by dist/server.mjs (scripts/launcher.mjs, copied) with V8's code cache
// (ADR 019 amendment "A code cache for the bundle"): `npm start` then runs node on it instead
// of compiling TypeScript with tsx at every start. @valoriza/domain (TypeScript source) is
// bundled, and so are the npm packages (issue 21, ADR 019): Node then reads, resolves and
// compiles one file instead of ~600 modules, about a third less CPU before the server's first
// line. The packages that find their own files at run time, are native, or load only on first
// use stay external (EXTERNAL below). `import.meta.url` of each source file is kept pointing
// at that file (relative to the bundle), so paths such as drizzle/ and ../web/dist resolve
// exactly as under tsx.
import { spawnSync } from "node:child_process";
import { copyFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outfile = path.join(serverDir, "dist", "server.cjs");
const launcher = path.join(serverDir, "dist", "server.mjs");

/**
 * Loaded from node_modules at run time, not bundled: PGlite (its .wasm and .data files beside its
 * code), argon2 (native), pino and its transports (worker threads started from their own files),
 * the swagger plugins (their package.json and the UI's static files, found through __dirname), and
 * what loads on first use only (sharp, nodemailer, web-push: bundling would parse them at start).
 */
const EXTERNAL = [
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "@node-rs/argon2",
  "pino",
  "pino-pretty",
  "thread-stream",
  "@fastify/swagger",
  "@fastify/swagger-ui",
  "sharp",
  "nodemailer",
  "web-push",
];

const keepMetaUrl = {
  name: "keep-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const rel = path.relative(path.dirname(outfile), args.path).split(path.sep).join("/");
      return {
        contents: source.replaceAll("import.meta.url", `new URL(${JSON.stringify(rel)}, __vzBundleUrl).href`),
        loader: "ts",
      };
    });
  },
};

await build({
  entryPoints: [path.join(serverDir, "src", "server.ts")],
  outfile,
  bundle: true,
  platform: "node",
  // CommonJS, so the launcher can compile it with V8's code cache (vm.Script; Node 20 has no
  // cache for ES modules). The lazily loaded packages (sharp, nodemailer, web-push) are CommonJS:
  // their import() becomes a require() on first use.
  format: "cjs",
  target: "node20",
  supported: { "dynamic-import": false },
  sourcemap: true,
  // Stack traces map to files and lines; the sources themselves stay out of the map (smaller to load).
  sourcesContent: false,
  external: EXTERNAL,
  // The bundle's own URL, for the sources' import.meta.url (keepMetaUrl above).
  banner: { js: 'const __vzBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
  // The workspace package is TypeScript source: bundle it instead of resolving it at run time.
  plugins: [
    keepMetaUrl,
    {
      name: "bundle-domain",
      setup(b) {
        b.onResolve({ filter: /^@valoriza\/domain$/ }, () => ({
          path: path.resolve(serverDir, "../../packages/domain/src/index.ts"),
        }));
      },
    },
  ],
  logLevel: "warning",
});
// The entry (dist/server.mjs) and the compiled bundle's code cache beside it.
copyFileSync(path.join(serverDir, "scripts", "launcher.mjs"), launcher);
rmSync(`${outfile}.cache`, { force: true });
rmSync(`${launcher}.map`, { force: true }); // the bundle was dist/server.mjs before 2026-12-01
const cache = spawnSync(process.execPath, [launcher], {
  env: { ...process.env, VALORIZA_CODE_CACHE: "build" },
  stdio: "inherit",
});
if (cache.status !== 0) process.exit(cache.status ?? 1);
console.log(`built ${path.relative(process.cwd(), launcher)} and ${path.relative(process.cwd(), outfile)}`);

// The migrated PGlite template a new DATA_DIR starts from instead of initdb + every migration
// (issue 21, ADR 019). SKIP_PGLITE_TEMPLATE=1 leaves it out (container images run on PostgreSQL).
if (!process.env.SKIP_PGLITE_TEMPLATE) {
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(serverDir, "scripts", "pglite-template.ts"), path.dirname(outfile)],
    { cwd: serverDir, stdio: "inherit" },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
