import type { Clock } from "./clock.ts";

/**
 * Counts failures per key in a fixed window. In memory: one process serves
 * the app (PGlite allows no other), and a restart forgetting counters is fine.
 */
export class FailureThrottle {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly clock: Clock,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may now. */
  blockedFor(key: string): number {
    const e = this.entries.get(key);
    const now = this.clock.now().getTime();
    if (!e || e.resetAt <= now) return 0;
    return e.count >= this.max ? e.resetAt - now : 0;
  }

  fail(key: string): void {
    const now = this.clock.now().getTime();
    const e = this.entries.get(key);
    if (!e || e.resetAt <= now) {
      this.entries.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.entries.size > 100_000) this.prune(now);
    } else {
      e.count += 1;
    }
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private prune(now: number): void {
    for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
  }
}
