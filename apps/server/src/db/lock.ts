import { closeSync, mkdirSync, openSync, readFileSync, realpathSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

const LOCK_NAME = "valoriza.lock";
const KIND = "valoriza-data-dir-lock";

/**
 * Who holds the lock: enough to tell "this very process, still running" from
 * "a process that reuses the PID" (after a crash, a reboot or in a container
 * where PID 1 is always alive). `start` is the process start time in clock
 * ticks since boot (/proc/<pid>/stat field 22) and `boot` the kernel's boot id:
 * together with the PID they name one process instance.
 */
export interface LockOwner {
  kind: typeof KIND;
  pid: number;
  start: string | null;
  boot: string | null;
  dir: string;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** Start time of a process (clock ticks since boot), or null when /proc cannot tell. */
export function processStartTime(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so cut at the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[19] ?? null; // field 22 of the whole line
}

const bootId = (): string | null => readText("/proc/sys/kernel/random/boot_id")?.trim() ?? null;
const procAvailable = (): boolean => readText("/proc/self/stat") !== null;

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function canonical(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

export function currentOwner(dir: string): LockOwner {
  return { kind: KIND, pid: process.pid, start: processStartTime(process.pid), boot: bootId(), dir: canonical(dir) };
}

function parseOwner(text: string): LockOwner | null {
  try {
    const o = JSON.parse(text) as Partial<LockOwner>;
    if (o && o.kind === KIND && Number.isInteger(o.pid) && (o.pid as number) > 0) return o as LockOwner;
  } catch {
    // an older lock (a bare PID) or garbage: it names no process we can prove is ours
  }
  return null;
}

/**
 * True only when the lock names a process that is running now and is the same
 * process instance that wrote it (same boot, same start time). A bare PID, a
 * PID that exists but started at another time (PID reuse, PID 1 in a container)
 * or a lock from before a reboot is stale.
 */
export function ownerIsAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return false; // this process: an earlier run's leftover
  if (!pidExists(owner.pid)) return false;
  if (!procAvailable()) return true; // no /proc (not Linux): the PID check is all we have
  if (!owner.start || !owner.boot) return false;
  return owner.boot === bootId() && owner.start === processStartTime(owner.pid);
}

/**
 * PGlite is one process per data directory. Takes an exclusive lock file
 * (O_EXCL) naming this process instance; a lock left by a process that is no
 * longer running (whatever now holds its PID) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx");
      try {
        writeSync(fd, JSON.stringify(currentOwner(dir)));
      } finally {
        closeSync(fd);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const now = parseOwner(readText(file) ?? "");
        if (now?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const owner = parseOwner(readText(file) ?? "");
      if (owner && ownerIsAlive(owner)) {
        throw new DataDirLockedError(
          `El directorio de datos ${dir} ya está en uso por otro proceso de Valoriza (PID ${owner.pid}). ` +
            "Detén ese proceso o usa otro DATA_DIR.",
        );
      }
      rmSync(file, { force: true }); // stale
    }
  }
  throw new DataDirLockedError(`No se pudo bloquear el directorio de datos ${dir}`);
}
