/**
 * Lighthouse (mobile, the default preset: Moto G class device, simulated slow
 * 4G) for / and /ver-activo/{id}, against the production server (server.ts,
 * built web app, demo data, PGlite in a temp dir). Row 6 of issue 7's table.
 * Uses Debian's /usr/bin/chromium (LIGHTHOUSE_CHROME to change it); never
 * downloads a browser.
 *
 *   npm run build && npm run bench:lighthouse
 *
 * Prints a Markdown table and writes bench/results/lighthouse.json.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { here, machineLoad } from "./lib.ts";

const root = path.resolve(here, "..");
const dist = path.join(root, "apps/web/dist/index.html");
if (!existsSync(dist)) {
  console.error("The web app is not built: run `npm run build` first.");
  process.exit(1);
}
const chromePath = process.env.LIGHTHOUSE_CHROME ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ASSET_TITLE = process.env.LIGHTHOUSE_ASSET ?? "Cámara Canon EOS Rebel T7";
const port = 41_000 + (process.pid % 10_000);
const dataDir = mkdtempSync(path.join(tmpdir(), "vz-lighthouse-"));
const server = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
  cwd: path.join(root, "apps/server"),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
const stop = () => {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  const t0 = Date.now();
  let id: string | undefined;
  while (!id) {
    if (Date.now() - t0 > 180_000) throw new Error("the server did not start");
    try {
      // The same demo asset every run (LIGHTHOUSE_ASSET to choose another by its title): the order
      // of freshly seeded assets varies, and each asset's deal panel loads different code.
      const r = await fetch(`${base}/api/assets?limit=50`);
      if (r.ok) {
        const assets = ((await r.json()) as { data: { _id: string; title: string }[] }).data;
        id = (assets.find((a) => a.title === ASSET_TITLE) ?? assets[0])?._id;
      }
    } catch {}
    if (!id) await new Promise((r) => setTimeout(r, 500));
  }
  // LIGHTHOUSE_PAGES=detail (or home) measures one page only.
  const pages = [
    { name: "/", key: "home", url: `${base}/` },
    { name: "/ver-activo/{id}", key: "detail", url: `${base}/ver-activo/${id}` },
  ].filter((p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(",").includes(p.key));
  const load0 = machineLoad();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const rows: Record<string, unknown>[] = [];
  try {
    for (const page of pages) {
      for (let run = 1; run <= RUNS; run++) {
        const result = await lighthouse(page.url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error("lighthouse returned no result");
        // LIGHTHOUSE_SAVE_LHR=1: the whole report of each run (network requests, request chains, Lantern's estimates).
        if (process.env.LIGHTHOUSE_SAVE_LHR === "1") {
          mkdirSync(path.join(here, "results"), { recursive: true });
          writeFileSync(path.join(here, "results", `lighthouse-${page.key}-${run}.json`), JSON.stringify(lhr));
        }
        const a = lhr.audits;
        rows.push({
          page: page.name,
          run,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcpMs: Math.round(a["first-contentful-paint"]?.numericValue ?? 0),
          lcpMs: Math.round(a["largest-contentful-paint"]?.numericValue ?? 0),
          cls: +(a["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
          tbtMs: Math.round(a["total-blocking-time"]?.numericValue ?? 0),
          runtimeError: lhr.runtimeError?.message,
          // What the LCP was, and where its time went (TTFB, load delay, load time, render delay).
          lcpElement: lcpElementOf(a["lcp-breakdown-insight"]),
        });
      }
    }
  } finally {
    await chrome.kill();
  }
  console.log(`\nLighthouse ${RUNS} runs per page (mobile preset), load average before: ${load0}\n`);
  console.log("| page | run | performance | FCP ms | LCP ms | CLS | TBT ms | Lighthouse error |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.run} | ${r.performance} | ${r.fcpMs} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} | ${r.runtimeError ?? ""} |`,
    );
  }
  console.log("\n| page | run | LCP element and its phases |\n|---|---|---|");
  for (const r of rows) console.log(`| ${r.page} | ${r.run} | ${String(r.lcpElement ?? "").replaceAll("|", "\\|")} |`);
  mkdirSync(path.join(here, "results"), { recursive: true });
  writeFileSync(
    path.join(here, "results", "lighthouse.json"),
    `${JSON.stringify({ date: new Date().toISOString(), load: load0, rows }, null, 2)}\n`,
  );
} finally {
  stop();
}
process.exit(0);

/** The LCP element and its subparts, from Lighthouse's 'lcp-breakdown-insight' audit. */
function lcpElementOf(audit: unknown): string {
  // biome-ignore lint/suspicious/noExplicitAny: Lighthouse's details are loosely typed.
  const items: any[] = (audit as any)?.details?.items ?? [];
  const parts: string[] = [];
  for (const item of items) {
    if (item?.type === "node") parts.push(`${item.nodeLabel ?? ""} (${item.selector ?? ""})`.slice(0, 100));
    for (const row of item?.type === "table" ? (item.items ?? []) : []) {
      parts.push(`${row.label ?? row.subpart} ${Math.round(row.duration ?? 0)} ms`);
    }
  }
  return parts.join("; ");
}
