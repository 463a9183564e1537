/**
 * V8 CPU profiles for the benchmarks (issue 7: "profile with --cpu-prof"): sums a profile's self
 * time by where the code lives (an npm package, node's core, the app's own code) and by function.
 * Used by bench/profile.ts (a child server under `node --cpu-prof`) and bench/transfers.ts
 * (BENCH_PROFILE=1: the in-process app, through the inspector, while the load runs).
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Samples in the window, and those where the process was not idle. */
  totalSamples: number;
  busy: number;
  busyMs: number;
  groups: [string, number][];
  functions: [string, number][];
}

function groupOf(url: string, fn: string): string {
  if (!url) return fn === "(garbage collector)" ? "(garbage collector)" : fn.startsWith("(") ? fn : "(native)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith("node:")) return "node (core)";
  if (
    /dist\/server\.(mjs|cjs)/.test(url) ||
    url.includes("/apps/server/src/") ||
    url.includes("/packages/domain/src/")
  ) {
    return "Valoriza (app code)";
  }
  return url;
}

const shortFile = (url: string) => url.replace(/^.*\/(apps|packages|node_modules)\//, "$1/");

/** Sums self time; with a window (µs, V8's monotonic clock = process.hrtime on Linux) only inside it. */
export function summarize(profile: CpuProfile, window?: { start: number; end: number }): ProfileSummary {
  const hits = new Map<number, number>();
  let at = profile.startTime;
  let totalSamples = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.start || at > window.end)) return;
    totalSamples++;
    hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  if (totalSamples === 0) throw new Error("ninguna muestra cae en la ventana medida");
  const spanUs = window ? window.end - window.start : profile.endTime - profile.startTime;
  const msPerSample = spanUs / 1000 / totalSamples;
  const byGroup = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const n of profile.nodes) {
    const h = hits.get(n.id) ?? 0;
    if (!h) continue;
    const g = groupOf(n.callFrame.url, n.callFrame.functionName);
    byGroup.set(g, (byGroup.get(g) ?? 0) + h);
    if (g === "(idle)" || g === "(program)") continue;
    const where = n.callFrame.url ? `${shortFile(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : g;
    const f = `${n.callFrame.functionName || "(anónima)"} · ${where}`;
    byFn.set(f, (byFn.get(f) ?? 0) + h);
  }
  const groups = [...byGroup.entries()].filter(([g]) => g !== "(idle)").sort((a, b) => b[1] - a[1]);
  const busy = groups.reduce((s, [, v]) => s + v, 0);
  return {
    totalSamples,
    busy,
    busyMs: Math.round(busy * msPerSample),
    groups,
    functions: [...byFn.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25),
  };
}

/** Markdown: the share of busy CPU by place and the heaviest functions (self time). */
export function printSummary(s: ProfileSummary): void {
  const share = (v: number) => `${((100 * v) / Math.max(1, s.busy)).toFixed(1)} %`;
  console.log(`busy samples ${s.busy} of ${s.totalSamples} (~${s.busyMs} ms of CPU in the window)\n`);
  console.log("| where | share of busy CPU |\n|---|---|");
  for (const [g, v] of s.groups.slice(0, 15)) console.log(`| ${g} | ${share(v)} |`);
  console.log("\n| function (self time) | share |\n|---|---|");
  for (const [f, v] of s.functions) console.log(`| ${f.replaceAll("|", "\\|")} | ${share(v)} |`);
}

/** Profiles this process while `fn` runs (the inspector's sampling profiler, every 0.5 ms). */
export async function profileWhile<T>(fn: () => Promise<T>): Promise<{ result: T; summary: ProfileSummary }> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await session.post("Profiler.start");
  let result: T;
  let profile: CpuProfile;
  try {
    result = await fn();
  } finally {
    profile = ((await session.post("Profiler.stop")) as unknown as { profile: CpuProfile }).profile;
    session.disconnect();
  }
  // BENCH_PROFILE_OUT=file.cpuprofile keeps the whole profile (Chrome DevTools opens it).
  if (process.env.BENCH_PROFILE_OUT) writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));
  return { result, summary: summarize(profile) };
}
