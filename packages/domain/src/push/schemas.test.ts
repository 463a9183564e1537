import { describe, expect, it } from "vitest";
import { PUSH_MSG } from "./messages.ts";
import { notificationPreferencesSchema, pushSubscriptionSchema } from "./schemas.ts";

const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString("base64url");
const auth = Buffer.alloc(16, 2).toString("base64url");
const endpoint = "https://fcm.googleapis.com/fcm/send/abc:123";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe("push subscription and preferences bodies", () => {
  it("accepts a browser's PushSubscription JSON", () => {
    expect(pushSubscriptionSchema.parse({ endpoint, keys: { p256dh, auth }, expirationTime: null })).toEqual({
      endpoint,
      keys: { p256dh, auth },
    });
  });

  it("refuses keys of the wrong size or alphabet, and endpoints that are not URLs, in Spanish", () => {
    expect(messages(pushSubscriptionSchema.safeParse({ endpoint, keys: { p256dh: auth, auth } }))).toEqual([
      PUSH_MSG.invalidP256dh,
    ]);
    expect(messages(pushSubscriptionSchema.safeParse({ endpoint, keys: { p256dh, auth: `${auth}+` } }))).toEqual([
      PUSH_MSG.invalidAuth,
    ]);
    expect(messages(pushSubscriptionSchema.safeParse({ endpoint: "ftp://x.y/z", keys: { p256dh, auth } }))).toEqual([
      PUSH_MSG.invalidEndpoint,
    ]);
    expect(
      messages(pushSubscriptionSchema.safeParse({ endpoint: "https://user:pw@x.y/z", keys: { p256dh, auth } })),
    ).toEqual([PUSH_MSG.invalidEndpoint]);
  });

  it("preferences take exactly correo and push", () => {
    expect(notificationPreferencesSchema.parse({ correo: "diario", push: false })).toEqual({
      correo: "diario",
      push: false,
    });
    expect(messages(notificationPreferencesSchema.safeParse({ correo: "semanal", push: true }))).toEqual([
      PUSH_MSG.invalidCorreo,
    ]);
    expect(notificationPreferencesSchema.safeParse({ correo: "nunca", push: "no" }).success).toBe(false);
    expect(notificationPreferencesSchema.safeParse({ correo: "nunca", push: true, extra: 1 }).success).toBe(false);
  });
});
