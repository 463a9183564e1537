// Builds the server into one plain-JavaScript file, apps/server/dist/server.mjs
// (ADR 012): `npm start` then runs node on it instead of compiling TypeScript
// with tsx at every start. @valoriza/domain (TypeScript source) is bundled, and
// so are the npm packages (issue 21, ADR 019): Node then reads, resolves and
// compiles one file instead of ~600 modules, about a third less CPU before the
// server's first line. The packages that find their own files at run time, are
// native, or load only on first use stay external (EXTERNAL below).
// `import.meta.url` of each source file is kept pointing at that file (relative
// to the bundle), so paths such as drizzle/ and ../web/dist resolve exactly as
// under tsx.
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outfile = path.join(serverDir, "dist", "server.mjs");

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
        contents: source.replaceAll("import.meta.url", `new URL(${JSON.stringify(rel)}, import.meta.url).href`),
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
  format: "esm",
  target: "node20",
  sourcemap: true,
  // Stack traces map to files and lines; the sources themselves stay out of the map (smaller to load).
  sourcesContent: false,
  external: EXTERNAL,
  // The bundled CommonJS packages call require() (node: built-ins, JSON): an ESM bundle has none.
  banner: {
    js: 'import { createRequire as __vzCreateRequire } from "node:module"; const require = __vzCreateRequire(import.meta.url);',
  },
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
console.log(`built ${path.relative(process.cwd(), outfile)}`);

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
