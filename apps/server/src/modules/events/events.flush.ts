import { sql } from "drizzle-orm";
import { type Db, onCommitted } from "../../db/client.ts";
import type { HubLogger } from "./events.hub.ts";

/** The statement that notifies the live events kept by committed transactions (migration 0029). */
export const LIVE_FLUSH_SQL = "select live_flush()";

/**
 * Every second each process vacuums `live_pending` (skipped while another process does):
 * every event is a row inserted and soon deleted, and autovacuum visits a database once a minute,
 * so without it the table would hold a minute of deleted rows, which each flush's scan steps over
 * (migration 0030; in psql a flush of 5 events took 0.44–1.13 ms over 100 000 deleted rows, 0.15–0.17
 * ms after a vacuum).
 */
export const LIVE_VACUUM_SQL = "vacuum (skip_locked) live_pending";

/**
 * Notifies, after their COMMIT, the live events that transactions opened by transactionWith on
 * PostgreSQL kept in `live_pending` (migration 0029, ADR 012 "Live events after the commit"): told
 * after each such commit, it runs `live_flush()` with at most one flush in flight per process;
 * commits meanwhile are covered by one more flush after it, so under load one notifying transaction
 * carries the events of many commits. Once a second it also flushes what a crashed process may have
 * left, and vacuums the table (LIVE_VACUUM_SQL). On PGlite nothing is kept (events are notified
 * inside the transaction): it does nothing.
 */
export class LiveEventsFlusher {
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private gathering: NodeJS.Timeout | null = null;
  private stop: (() => void) | undefined;
  private vacuuming: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log?: HubLogger,
    private readonly everyMs = 1000,
    private readonly gatherMs = 5,
  ) {}

  start(): void {
    if (this.closed || this.stop) return;
    this.stop = onCommitted(this.db, () => this.poke());
    if (!this.stop) return;
    this.timer = setInterval(() => {
      this.poke();
      void this.vacuum();
    }, this.everyMs);
    this.timer.unref();
  }

  /** Removes the rows the flushes deleted (one at a time per process; a failure waits for the next). */
  vacuum(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.vacuuming ??= this.db
      .execute(sql.raw(LIVE_VACUUM_SQL))
      .then(
        () => {},
        (err) => this.log?.warn({ err }, "live events: vacuum failed"),
      )
      .finally(() => {
        this.vacuuming = null;
      });
    return this.vacuuming;
  }

  /**
   * A transaction committed: flush within `gatherMs` (the commits of that window go out together),
   * or once more right after the flush in flight.
   */
  poke(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.gathering) return;
    this.gathering = setTimeout(() => {
      this.gathering = null;
      this.running = this.run().finally(() => {
        this.running = null;
      });
    }, this.gatherMs);
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.db.execute(sql.raw(LIVE_FLUSH_SQL));
      } catch (err) {
        // The next commit or the timer tries again; the events wait in the table meanwhile.
        this.log?.warn({ err }, "live events: flush failed");
        return;
      }
    } while (this.again);
  }

  /** Stops being told of commits, then flushes once more: this process's last commits' events go out. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stop?.();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.gathering) clearTimeout(this.gathering);
    this.gathering = null;
    await Promise.all([this.running, this.vacuuming]);
    if (this.stop) await this.run();
  }
}
