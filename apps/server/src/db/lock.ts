import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is one process per data directory. Take an exclusive lock file
 * (O_EXCL); a stale lock of a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "valoriza.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isFinite(pid) && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `El directorio de datos ${dir} ya está en uso por otro proceso de Valoriza (PID ${pid}). ` +
            "Detén ese proceso o usa otro DATA_DIR.",
        );
      }
      rmSync(file, { force: true }); // stale
    }
  }
  throw new DataDirLockedError(`No se pudo bloquear el directorio de datos ${dir}`);
}
