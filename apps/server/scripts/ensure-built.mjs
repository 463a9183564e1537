// Builds what is out of date, and only that (issue 21, ADR 019): the web app (apps/web/dist) and
// the server bundle (apps/server/dist) each keep a stamp, the SHA-256 of the sources they were
// built from (tests excluded) and of package-lock.json. `npm start` calls this before serving,
// so a second start with unchanged sources builds nothing. The stamp's second line is the files'
// sizes and modification times when that hash was taken: when none changed, the contents are not
// read again (a start checks ~520 files with one stat each instead of reading and hashing them).
//   node apps/server/scripts/ensure-built.mjs [--web] [--server] [--force]   (default: both)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const r = (...p) => path.join(root, ...p);
const domain = [r("packages/domain/src"), r("packages/domain/package.json")];
const common = [r("package-lock.json"), r("tsconfig.base.json")];

export const TARGETS = {
  web: {
    inputs: [
      r("apps/web/src"),
      r("apps/web/public"),
      r("apps/web/index.html"),
      r("apps/web/vite.config.ts"),
      r("apps/web/tsconfig.json"),
      r("apps/web/package.json"),
      r("apps/web/scripts/precompress.ts"),
      ...domain,
      ...common,
    ],
    stamp: r("apps/web/dist/.build-stamp"),
    output: r("apps/web/dist/index.html"),
    build: ["npm", ["run", "build", "-w", "@valoriza/web"]],
  },
  server: {
    inputs: [
      r("apps/server/src"),
      r("apps/server/drizzle"),
      r("apps/server/scripts/build.mjs"),
      r("apps/server/scripts/launcher.mjs"),
      r("apps/server/scripts/pglite-template.ts"),
      r("apps/server/package.json"),
      ...domain,
      ...common,
    ],
    stamp: r("apps/server/dist/.build-stamp"),
    output: r("apps/server/dist/server.mjs"),
    build: [process.execPath, [r("apps/server/scripts/build.mjs")]],
  },
};

const skip = (name) => name === "node_modules" || name === "dist" || /\.test\.tsx?$/.test(name);

/** Calls `file(path)` for every file under `inputs`, in a stable order (tests, dist and node_modules left out). */
function walk(inputs, file) {
  const dir = (d) => {
    const entries = readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      if (skip(e.name)) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) dir(p);
      else file(p);
    }
  };
  for (const i of inputs) {
    if (!existsSync(i)) continue;
    if (statSync(i).isDirectory()) dir(i);
    else file(i);
  }
}

/** SHA-256 of the files under `inputs` (paths and contents, in a stable order). */
export function sourcesHash(inputs) {
  const h = createHash("sha256");
  walk(inputs, (p) => h.update(path.relative(root, p)).update("\0").update(readFileSync(p)).update("\0"));
  return h.digest("hex");
}

/** SHA-256 of the same files' paths, sizes and modification times: any edit changes it. */
export function sourcesStatHash(inputs) {
  const h = createHash("sha256");
  walk(inputs, (p) => {
    const st = statSync(p, { bigint: true });
    h.update(`${path.relative(root, p)}\0${st.size}\0${st.mtimeNs}\0${st.ino}\0`);
  });
  return h.digest("hex");
}

/** Builds `name` when its stamp does not match its sources; answers whether it built. */
export function ensureBuilt(name, { force = false } = {}) {
  const t = TARGETS[name];
  const [current = "", statLine = ""] =
    existsSync(t.stamp) && existsSync(t.output) ? readFileSync(t.stamp, "utf8").split("\n") : [];
  // Taken before any build, so an edit during the build is seen (and rebuilt) next time.
  const stats = sourcesStatHash(t.inputs);
  if (!force && current && statLine === `stat ${stats}`) return false;
  const hash = sourcesHash(t.inputs);
  if (!force && current === hash) {
    // Same contents, touched files (a checkout, a save without changes): remember the new times.
    writeFileSync(t.stamp, `${hash}\nstat ${stats}\n`);
    return false;
  }
  console.log(`Construyendo ${name === "web" ? "la aplicación web" : "el servidor"} (las fuentes cambiaron)…`);
  const [cmd, args] = t.build;
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (res.status !== 0) {
    console.error(`\n✖ Falló la construcción de ${name}`);
    process.exit(res.status ?? 1);
  }
  // The hash of the sources as they were when the build began: an edit during the build rebuilds next time.
  writeFileSync(t.stamp, `${hash}\nstat ${stats}\n`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const only = ["web", "server"].filter((n) => args.includes(`--${n}`));
  for (const n of only.length ? only : ["web", "server"]) ensureBuilt(n, { force });
}
