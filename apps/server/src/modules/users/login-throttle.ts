import { isIP } from "node:net";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AppConfig } from "../../lib/deps.ts";
import { DbThrottle, type SlowdownPolicy, tooManyAttempts } from "../../lib/throttle.ts";

const MINUTE = 60_000;

/**
 * The address a throttle counts: an IPv4 address as is (IPv4-mapped IPv6
 * included), an IPv6 address by its /64 network, since one subscriber usually
 * holds a whole /64 and could otherwise rotate addresses freely.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head = "", tail] = ip.toLowerCase().split("%")[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}

/**
 * Sign-in throttle. A stranger must not be able to lock a person out, so
 * nothing is counted per account alone:
 * - per (account, address): after `loginMaxPerAccount` failures that address
 *   waits 30 s before trying that account again, doubling with each further
 *   failure up to 15 minutes. The same person from another address (or the
 *   right password from an address that has not been failing) goes through.
 * - per address: after `loginMaxPerIp` failures over any accounts, the
 *   address itself slows down the same way (password spraying).
 * A success clears the (account, address) counter only: an attacker cannot
 * reset its address by signing in to an account of its own.
 * Counters live in PostgreSQL (auth_throttle), shared by every server process.
 */
export function createLoginThrottle(db: Db, clock: Clock, config: AppConfig) {
  const throttle = new DbThrottle(db, clock);
  const windowMs = config.loginWindowMs ?? 15 * MINUTE;
  const base = { windowMs, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE };
  const pair: SlowdownPolicy = { ...base, max: config.loginMaxPerAccount ?? 5 };
  const address: SlowdownPolicy = { ...base, max: config.loginMaxPerIp ?? 30 };
  const pairKey = (email: string, ip: string) => `login:acct-ip:${email}|${throttleAddress(ip)}`;
  const ipKey = (ip: string) => `login:ip:${throttleAddress(ip)}`;

  return {
    /** Throws the 429 when this address must wait (for this account or at all). */
    async check(email: string, ip: string): Promise<void> {
      const wait = await throttle.waitFor([pairKey(email, ip), ipKey(ip)]);
      if (wait > 0) throw tooManyAttempts(wait);
    },
    async failed(email: string, ip: string): Promise<void> {
      await throttle.fail(pairKey(email, ip), pair);
      await throttle.fail(ipKey(ip), address);
    },
    async succeeded(email: string, ip: string): Promise<void> {
      await throttle.reset(pairKey(email, ip));
    },
  };
}
