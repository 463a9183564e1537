import { createECDH } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AppConfig } from "../../lib/deps.ts";

/** The server's VAPID identity (RFC 8292): the key pair every push is signed with, and a contact. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const FALLBACK_SUBJECT = "mailto:no-responder@valoriza.co";
const cache = new Map<string, { publicKey: string; privateKey: string }>();

/** VAPID_SUBJECT, else the MAIL_FROM address as mailto:, else Valoriza's no-reply address. */
function subjectOf(config: AppConfig): string {
  if (config.vapidSubject) return config.vapidSubject;
  const from = /<([^<>\s]+@[^<>\s]+)>/.exec(config.mailFrom ?? "")?.[1] ?? /^\S+@\S+$/.exec(config.mailFrom ?? "")?.[0];
  return from ? `mailto:${from}` : FALLBACK_SUBJECT;
}

function isKeyPair(v: unknown): v is { publicKey: string; privateKey: string } {
  const o = v as { publicKey?: unknown; privateKey?: unknown } | null;
  return typeof o?.publicKey === "string" && typeof o.privateKey === "string" && o.publicKey.length > 80;
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or a pair generated once and kept in DATA_DIR/vapid.json
 * (mode 0600). The file is created exclusively: processes starting together on one DATA_DIR all end
 * up with the pair of the one that wrote it first. Changing the pair invalidates every browser's
 * subscription (they were made for the old public key), so it is never regenerated once written.
 */
export function resolveVapidKeys(config: AppConfig): VapidKeys {
  const subject = subjectOf(config);
  if (config.vapidPublicKey && config.vapidPrivateKey) {
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  }
  const file = path.join(config.dataDir, "vapid.json");
  let pair = cache.get(file);
  if (!pair) {
    pair = readOrCreate(file);
    cache.set(file, pair);
  }
  return { ...pair, subject };
}

function readOrCreate(file: string): { publicKey: string; privateKey: string } {
  try {
    const stored: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (isKeyPair(stored)) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    throw new Error(`${file} no tiene una clave VAPID válida (publicKey, privateKey)`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const fresh = generateVapidKeys();
  try {
    writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    return fresh;
  } catch (e) {
    // Another process wrote it first: use theirs.
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return readOrCreate(file);
    throw e;
  }
}

/**
 * A P-256 key pair in the form VAPID uses (RFC 8292): the uncompressed public point (65 bytes) and
 * the private scalar (32 bytes), base64url; what `web-push`'s generateVAPIDKeys makes, without
 * loading the library at start-up.
 */
function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const priv = ecdh.getPrivateKey();
  const padded = Buffer.concat([Buffer.alloc(Math.max(0, 32 - priv.length)), priv]);
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: padded.toString("base64url") };
}
