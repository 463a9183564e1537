import { randomFillSync } from "node:crypto";

let lastMs = 0;
let seq = 0;

/**
 * Forgets the last time used, as a new process would. Test files share a process (vitest's
 * isolate: false): each starts with this (src/test/per-file.ts), so one file's test clock, months
 * ahead, does not stamp the next file's ids.
 */
export function resetIdClock(): void {
  lastMs = 0;
  seq = 0;
}

/**
 * Random bytes drawn in blocks, as node's randomUUID does: one draw per 256 ids instead of two per
 * id (each draw goes through node's crypto job machinery; issue 21: a registration's five ids spent
 * 3 % of its CPU there). A byte is handed out once.
 */
const entropy = Buffer.alloc(16 * 256);
let entropyAt = entropy.length;
/** The offset of `n` fresh random bytes in `entropy`. */
function take(n: number): number {
  if (entropyAt + n > entropy.length) {
    randomFillSync(entropy);
    entropyAt = 0;
  }
  entropyAt += n;
  return entropyAt - n;
}

/** RFC 9562 UUID version 7: time-ordered, so B-tree inserts stay local. */
export function uuidv7(now: number = Date.now()): string {
  // Monotonic within one process: a 12-bit counter in rand_a for the same millisecond.
  if (now <= lastMs) {
    seq = (seq + 1) & 0xfff;
    if (seq === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    seq = entropy.readUInt16BE(take(2)) & 0x7ff;
  }
  const at = take(16);
  const b = Buffer.from(entropy.subarray(at, at + 16));
  b.writeUIntBE(now, 0, 6);
  b[6] = 0x70 | ((seq >> 8) & 0x0f);
  b[7] = seq & 0xff;
  b[8] = 0x80 | ((b[8] ?? 0) & 0x3f);
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
