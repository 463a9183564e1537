import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { DbThrottle, type SlowdownPolicy, tooManyAttempts } from "../../lib/throttle.ts";

/**
 * Wrong current passwords on PUT /profile/password, per user: after 5 within
 * 15 minutes the session waits 30 s, doubling with each further failure up to
 * 15 minutes (429 with Retry-After). Only the holder of a valid session can
 * fail here, so counting per user locks no stranger out. In PostgreSQL
 * (auth_throttle), shared by every server process.
 */
export function createPasswordThrottle(db: Db, clock: Clock) {
  const throttle = new DbThrottle(db, clock);
  const policy: SlowdownPolicy = { max: 5, windowMs: 15 * 60_000, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000 };
  const key = (userId: string) => `password:${userId}`;
  return {
    async check(userId: string): Promise<void> {
      const wait = await throttle.waitFor([key(userId)]);
      if (wait > 0) throw tooManyAttempts(wait);
    },
    async failed(userId: string): Promise<void> {
      await throttle.fail(key(userId), policy);
    },
    async succeeded(userId: string): Promise<void> {
      await throttle.reset(key(userId));
    },
  };
}
