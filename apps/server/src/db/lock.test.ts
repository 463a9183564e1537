import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir, processStartTime } from "./lock.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
});
const freshDir = () => mkdtempSync(path.join(tmpdir(), "vz-lock-"));
const lockFile = (dir: string) => path.join(dir, "valoriza.lock");

/** A second Valoriza-like process that takes the lock of `dir` and keeps running. */
async function holderProcess(dir: string): Promise<ChildProcess> {
  const code = `import(${JSON.stringify(path.join(here, "lock.ts"))}).then((m) => {
    m.lockDataDir(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000);
  });`;
  const child = spawn(process.execPath, ["--import", "tsx", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (d) => String(d).includes("locked") && resolve());
    child.on("exit", (c) => reject(new Error(`holder exited with ${c}`)));
  });
  return child;
}

describe("data directory lock (issue 6, defect 10)", () => {
  it("a stale lock naming PID 1 (alive, not Valoriza) does not stop startup", () => {
    const dir = freshDir();
    writeFileSync(lockFile(dir), "1");
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), "utf8")).pid).toBe(process.pid);
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it("a lock naming a live process that started at another time (PID reuse) is stale", () => {
    const dir = freshDir();
    const lock = { kind: "valoriza-data-dir-lock", pid: 1, start: "1", boot: "x", dir };
    writeFileSync(lockFile(dir), JSON.stringify(lock));
    lockDataDir(dir)();
    writeFileSync(lockFile(dir), JSON.stringify({ ...lock, pid: process.ppid, start: "0" }));
    lockDataDir(dir)();
  });

  it("garbage in the lock file is stale", () => {
    const dir = freshDir();
    writeFileSync(lockFile(dir), "no soy un pid");
    lockDataDir(dir)();
  });

  it("a running Valoriza process on the same directory stops a second one, and only until it ends", async () => {
    const dir = freshDir();
    const holder = await holderProcess(dir);
    const owner = JSON.parse(readFileSync(lockFile(dir), "utf8"));
    expect(owner.pid).toBe(holder.pid);
    expect(owner.start).toBe(processStartTime(holder.pid as number));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/ya está en uso por otro proceso de Valoriza \(PID \d+\)/);
    holder.kill("SIGKILL"); // crash: the lock file stays behind
    await new Promise((r) => holder.once("exit", r));
    expect(existsSync(lockFile(dir))).toBe(true);
    const release = lockDataDir(dir);
    release();
  }, 30_000);
});
