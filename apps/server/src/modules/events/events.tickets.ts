import { createHmac } from "node:crypto";
import { EVENT_TICKET_TTL_SECONDS } from "@valoriza/domain";
import { jwtVerify, SignJWT } from "jose";
import type { Clock } from "../../lib/clock.ts";
import { unauthorized } from "../../lib/errors.ts";

const AUDIENCE = "valoriza:eventos";
export const TICKET_INVALID = "El ticket de eventos no es válido o expiró";

/**
 * Short-lived tickets that open one live-events stream. EventSource cannot
 * send an Authorization header, so the page trades its bearer token for a
 * ticket (POST, authenticated) and puts the ticket in the stream URL.
 *
 * The signing key is derived from the JWT secret for this purpose only, so a
 * ticket is never accepted as a session token (and a session token never as
 * a ticket). It carries the token version: a password change invalidates it.
 */
export class EventTickets {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly ttlSeconds = EVENT_TICKET_TTL_SECONDS,
  ) {
    this.key = new Uint8Array(createHmac("sha256", secret).update("valoriza:eventos-ticket:v1").digest());
  }

  get ttl(): number {
    return this.ttlSeconds;
  }

  async issue(userId: string, tokenVersion: number): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ ver: tokenVersion })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(userId)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
  }

  /** Throws a 401 AppError for a missing, forged, foreign or expired ticket. */
  async verify(ticket: string): Promise<{ userId: string; ver: number }> {
    try {
      const { payload } = await jwtVerify(ticket, this.key, {
        algorithms: ["HS256"],
        audience: AUDIENCE,
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== "string" || typeof payload.ver !== "number") throw new Error("shape");
      return { userId: payload.sub, ver: payload.ver };
    } catch {
      throw unauthorized(TICKET_INVALID);
    }
  }
}
