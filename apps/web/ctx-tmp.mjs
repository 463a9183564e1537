import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";
const stat = () => { const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number); return f[0] + f[1] + f[2] + f[5] + f[6]; };
const extra = (process.env.FLAGS ?? "").split(" ").filter(Boolean);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", ...extra] });
const N = Number(process.env.N ?? 10);
const routes = ["/", "/explorar", "/economia"];
const t0 = Date.now(); const c0 = stat();
for (let i = 0; i < N; i++) {
  const c = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-CO", serviceWorkers: "block" });
  const p = await c.newPage();
  for (const r of routes) { await p.goto("http://127.0.0.1:4555" + r); await p.waitForLoadState("networkidle"); }
  await c.close();
}
const c1 = stat();
console.log(`${process.env.FLAGS ?? "baseline"}: ${N} contexts x ${routes.length} routes: wall ${((Date.now() - t0) / 1000).toFixed(1)} s, machine CPU ${((c1 - c0) / 100).toFixed(1)} s`);
await browser.close();
