import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token of the unsubscribe link in every notification mail: the person's id and an HMAC of it
 * with the server's secret (JWT_SECRET). It needs no login and does not expire (a link in an old
 * mail must still work); it can only ever set that person's mail preference to 'nunca'.
 */
const PURPOSE = "valoriza:baja-correo:";

const mac = (secret: string, userId: string) =>
  createHmac("sha256", secret).update(`${PURPOSE}${userId}`).digest().subarray(0, 24).toString("base64url");

const UUID_HEX = /^[0-9a-f]{32}$/;

/** base64url of the 16 bytes of the id, then of the 24 bytes of the MAC: 22 + 32 characters. */
const ID_CHARS = 22;

export function unsubscribeToken(secret: string, userId: string): string {
  const id = Buffer.from(userId.replace(/-/g, ""), "hex").toString("base64url");
  return `${id}${mac(secret, userId)}`;
}

/** The person's id, or null when the token was not made by this server. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  if (!/^[A-Za-z0-9_-]{54}$/.test(token)) return null;
  const idPart = token.slice(0, ID_CHARS);
  const sig = token.slice(ID_CHARS);
  const hex = Buffer.from(idPart, "base64url").toString("hex");
  if (!UUID_HEX.test(hex)) return null;
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const want = Buffer.from(mac(secret, userId));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? userId : null;
}
