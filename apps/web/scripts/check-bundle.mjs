// Budget of the home route: every JS file the first load of "/" fetches (the entry in index.html,
// its modulepreloads and their static imports), gzipped. Lazy pages and the auth modal do not count.
// Usage: node scripts/check-bundle.mjs [distDir] [budgetKB]   (after `vite build`)
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = path.resolve(process.argv[2] ?? "dist");
const budgetKB = Number(process.argv[3] ?? 120);
const html = readFileSync(path.join(dist, "index.html"), "utf8");
const seeds = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const staticImport = /(?:^|[;}\n])\s*import\s*(?:[^"'()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g;

const seen = new Set();
const visit = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(path.join(dist, file), "utf8");
  for (const match of code.matchAll(staticImport)) visit(path.posix.join(path.posix.dirname(file), match[1]));
};
for (const seed of seeds) visit(seed);

let total = 0;
for (const file of seen) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const totalKB = total / 1024;
console.log(`${totalKB.toFixed(1).padStart(7)} KB  total JS of the home route (gzip), budget ${budgetKB} KB`);
if (totalKB > budgetKB) {
  console.error(`✖ The home route exceeds its budget by ${(totalKB - budgetKB).toFixed(1)} KB`);
  process.exit(1);
}
