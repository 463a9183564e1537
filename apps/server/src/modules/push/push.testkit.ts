/**
 * Tests only: a push service on loopback (RFC 8030), like the ones browsers use (FCM, Mozilla
 * autopush), that keeps what it receives and decrypts it with the subscription's private key
 * (RFC 8291 with the aes128gcm content coding of RFC 8188, written here from the RFCs with
 * node:crypto, independently of the `web-push` library that encrypts), and checks the VAPID
 * Authorization header (RFC 8292: an ES256 JWT for the endpoint's origin, signed by key `k`).
 */
import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { importJWK, jwtVerify } from "jose";

export interface TestPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload (the JSON the service worker gets). */
  payload: string;
  /** The VAPID JWT's claims, verified with the header's `k`. */
  vapid: { aud: string; exp: number; sub: string; k: string };
  /** The status this service answered. */
  status: number;
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188 §2: decrypts an aes128gcm Web Push body for the user agent. */
export function decryptAes128gcm(body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid must be the sender's 65-byte public key, got ${idlen}`);
  if (records.length > rs) throw new Error("more than one record");
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(uaPrivate);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  // PRK_key = HMAC(auth_secret, ecdh_secret); IKM = HKDF-Expand(PRK_key, "WebPush: info" 0x00 ua_public as_public, 32)
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // Padding: the data, then the last-record delimiter 0x02, then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("missing the last-record delimiter");
  return plain.subarray(0, end).toString("utf8");
}

async function verifyVapid(authorization: string | undefined, endpoint: string): Promise<ReceivedPush["vapid"]> {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!m?.[1] || !m[2]) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const k = Buffer.from(m[2], "base64url");
  if (k.length !== 65 || k[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const key = await importJWK(
    {
      kty: "EC",
      crv: "P-256",
      x: k.subarray(1, 33).toString("base64url"),
      y: k.subarray(33).toString("base64url"),
    },
    "ES256",
  );
  const { payload } = await jwtVerify(m[1], key, { audience: new URL(endpoint).origin, algorithms: ["ES256"] });
  return { aud: String(payload.aud), exp: Number(payload.exp), sub: String(payload.sub), k: m[2] };
}

export interface TestPushService {
  /** A new browser subscription on this service (its private key stays here to decrypt). */
  subscription(): TestPushSubscription;
  received: ReceivedPush[];
  /** The next `times` pushes to `endpoint` are answered `status` (e.g. 410, 503). */
  answer(endpoint: string, status: number, times?: number): void;
  /** Waits until `count` pushes have arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** Requests this service could not decrypt or verify (must stay empty). */
  errors: string[];
  close(): Promise<void>;
}

export async function startTestPushService(): Promise<TestPushService> {
  const subs = new Map<string, { priv: Buffer; pub: Buffer; auth: Buffer }>();
  const plans = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  let base = "";

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const endpoint = `${base}${req.url ?? ""}`;
        const sub = subs.get(endpoint);
        if (req.method !== "POST" || !sub) {
          res.writeHead(404).end();
          return;
        }
        const plan = plans.get(endpoint);
        const status = plan?.shift() ?? 201;
        try {
          if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("Content-Encoding is not aes128gcm");
          if (!req.headers.ttl) throw new Error("no TTL header");
          const vapid = await verifyVapid(req.headers.authorization, endpoint);
          const payload = decryptAes128gcm(Buffer.concat(chunks), sub.priv, sub.pub, sub.auth);
          received.push({ endpoint, headers: req.headers, payload, vapid, status });
        } catch (e) {
          errors.push((e as Error).message);
          res.writeHead(400).end((e as Error).message);
          return;
        }
        res.writeHead(status, status === 201 ? { location: `${endpoint}/m/${randomUUID()}` } : {}).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    subscription() {
      const ecdh = createECDH("prime256v1");
      const pub = ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${base}/push/${randomUUID()}`;
      subs.set(endpoint, { priv: ecdh.getPrivateKey(), pub, auth });
      return { endpoint, keys: { p256dh: pub.toString("base64url"), auth: auth.toString("base64url") } };
    },
    received,
    errors,
    answer(endpoint, status, times = 1) {
      plans.set(endpoint, [...(plans.get(endpoint) ?? []), ...Array(times).fill(status)]);
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} pushes, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
