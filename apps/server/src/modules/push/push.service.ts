import {
  type NotificationPreferences,
  type NotificationPreferencesDto,
  PUSH_MSG,
  PUSH_SUBSCRIPTIONS_MAX,
  type PushSubscriptionInput,
} from "@valoriza/domain";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { uuidv7 } from "../../lib/ids.ts";
import {
  countSubscriptions,
  deleteSubscription,
  hasSubscription,
  isEmailVerified,
  readPreferences,
  upsertSubscription,
  writePreferences,
} from "./push.repository.ts";
import { verifyUnsubscribeToken } from "./unsubscribe-token.ts";
import { resolveVapidKeys, type VapidKeys } from "./vapid.ts";

/**
 * Whether the server may send pushes to this endpoint. Browsers' push services are https hosts
 * with names (FCM, Mozilla, Apple, Microsoft); an IP literal, localhost or plain http is refused so
 * a subscription cannot make the server post to its own network. Tests on loopback opt out.
 */
export function endpointAllowed(endpoint: string, allowInsecure = false): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowInsecure) return u.protocol === "https:" || u.protocol === "http:";
  const host = u.hostname.toLowerCase();
  if (u.protocol !== "https:" || !host.includes(".")) return false;
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) {
    return false;
  }
  // IPv4 and IPv6 literals ([::1] has no dot, so it was refused above).
  return !/^[0-9.]+$/.test(host) && !host.startsWith("[");
}

/** Subscriptions, preferences and the mail unsubscribe link (issue 20 items 2 and 3). */
export function createPushService({ db, clock, config }: Pick<AppDeps, "db" | "clock" | "config">) {
  let keys: VapidKeys | null = null;
  const vapid = () => {
    keys ??= resolveVapidKeys(config);
    return keys;
  };

  async function preferencesOf(userId: string): Promise<NotificationPreferencesDto> {
    const [prefs, devices, verified] = await Promise.all([
      readPreferences(db, userId),
      countSubscriptions(db, userId),
      isEmailVerified(db, userId),
    ]);
    return { ...prefs, dispositivosPush: devices, correoVerificado: verified };
  }

  return {
    /** The applicationServerKey browsers subscribe with (base64url, 65 bytes). */
    publicKey(): string {
      return vapid().publicKey;
    },

    async subscribe(me: AuthUser, input: PushSubscriptionInput): Promise<{ suscrito: true; cambio: boolean }> {
      if (!endpointAllowed(input.endpoint, config.pushAllowInsecureEndpoints)) {
        throw badRequest(PUSH_MSG.endpointNotAllowed);
      }
      return db.transaction(async (tx) => {
        const known = await hasSubscription(tx, input.endpoint, me.id);
        if (!known && (await countSubscriptions(tx, me.id)) >= PUSH_SUBSCRIPTIONS_MAX) {
          throw conflict(PUSH_MSG.tooManySubscriptions);
        }
        const cambio = await upsertSubscription(
          tx,
          { id: uuidv7(), userId: me.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth },
          clock.now(),
        );
        return { suscrito: true as const, cambio };
      });
    },

    async unsubscribe(me: AuthUser, endpoint: string): Promise<{ suscrito: false; cambio: boolean }> {
      return { suscrito: false as const, cambio: await deleteSubscription(db, me.id, endpoint) };
    },

    preferences(me: AuthUser): Promise<NotificationPreferencesDto> {
      return preferencesOf(me.id);
    },

    async setPreferences(me: AuthUser, p: NotificationPreferences): Promise<NotificationPreferencesDto> {
      await writePreferences(db, me.id, p, clock.now());
      return preferencesOf(me.id);
    },

    /** The link in every notification mail: correo 'nunca', no login. Repeating it changes nothing. */
    async unsubscribeByToken(token: string): Promise<void> {
      const userId = verifyUnsubscribeToken(config.jwtSecret, token);
      if (!userId) throw badRequest(PUSH_MSG.invalidUnsubscribeToken);
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw badRequest(PUSH_MSG.invalidUnsubscribeToken);
      await writePreferences(db, userId, { correo: "nunca" }, clock.now());
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
