import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { chromiumPath, MISSING_CHROMIUM } from "./chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The e2e server's DATA_DIR: with no SMTP_URL its mails are .eml files in DATA_DIR/correo/ (issue 16). */
    dataDir: string;
  }
}

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = path.resolve(webDir, "../..");
const serverEntry = path.join(repoRoot, "apps/server/src/server.ts");
/** E2E_WEB_DIST: another build of the web app (e.g. `vite build --outDir /tmp/x`), so parallel work does not share dist. */
const distDir = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(webDir, "dist");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`El servidor terminó antes de estar listo (código ${child.exitCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`El servidor no respondió /api/health en ${timeoutMs / 1000} s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export default async function setup(project: TestProject) {
  // An already running server (for example one started from another checkout) instead of a new one.
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide("baseURL", external.replace(/\/$/, ""));
    return;
  }
  const browser = chromiumPath();
  if (!browser) throw new Error(MISSING_CHROMIUM);
  console.log(`Navegador de las pruebas: ${browser}`);
  if (!existsSync(serverEntry)) throw new Error(`Falta el servidor: ${serverEntry}`);
  if (!existsSync(path.join(distDir, "index.html"))) {
    // `npm run test:e2e` at the root builds first; this covers running the web workspace script alone.
    const build = spawnSync("npx", ["vite", "build"], { cwd: webDir, stdio: "inherit" });
    if (build.status !== 0) throw new Error("No se pudo construir apps/web");
  }

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "valoriza-e2e-"));
  let log = "";
  const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      // One e2e user registers 26 assets to page through /mis-activos (the default is 10 a day, ADR 015).
      MAX_REGISTROS_DIA: "40",
      // Every e2e file shares this one server: the platform brake's day (20.000 by default) would be
      // spent by the suite's releases, not by the person under test (ADR 015).
      FRENO_MINIMO_DIA: "1000000000",
      // The admin accounts of marketplace.e2e.test.ts (the admin's desk, withdrawals), limits.e2e.test.ts,
      // identity.e2e.test.ts, verify.ts (identity-verifies the people of the deal tests, ADR 015) and
      // moderation.e2e.test.ts (reports on the desk, issue 19).
      ADMIN_EMAILS:
        "e2e-admin-escritorio@valoriza.test,e2e-admin-telefono@valoriza.test,e2e-admin-limites@valoriza.test," +
        "e2e-admin-identidad@valoriza.test,e2e-admin-verificador@valoriza.test,e2e-admin-moderacion@valoriza.test",
      JWT_SECRET: randomBytes(32).toString("hex"),
      // Every e2e account signs up from 127.0.0.1: far above the default 10 an hour (issue 16).
      REGISTROS_POR_IP_HORA: "100000",
      // Mailed links point at this server (no SMTP_URL: mails are .eml files under DATA_DIR/correo/).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: distDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, child, () => log, 90_000);
  } catch (error) {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide("baseURL", baseURL);
  project.provide("dataDir", dataDir);

  return async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
