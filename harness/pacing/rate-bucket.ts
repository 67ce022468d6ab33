/**
 * A rate limit as a virtual schedule (GCRA): requests are spaced evenly at `perMin`, with an
 * optional burst. Even spacing is the safest guess against a server whose limiter we cannot see
 * (spec §8: rate limits "not shown"; the live service allows about 150 GETs and 50 writes a minute).
 * Pure: the caller passes the clock, so the math is testable without waiting.
 */
export class RateBucket {
  /** Milliseconds between two requests; 0 when unlimited. */
  readonly intervalMs: number;
  private readonly toleranceMs: number;
  /** Theoretical arrival time of the next request. */
  private tat = Number.NEGATIVE_INFINITY;
  private pausedUntil = Number.NEGATIVE_INFINITY;

  constructor(
    readonly perMin: number,
    readonly burst = 1,
  ) {
    this.intervalMs = perMin > 0 ? 60_000 / perMin : 0;
    this.toleranceMs = Math.max(0, burst - 1) * this.intervalMs;
  }

  get unlimited(): boolean {
    return this.intervalMs === 0;
  }

  /** Milliseconds until a request may go; 0 means now. */
  waitMs(now: number): number {
    const pause = Math.max(0, this.pausedUntil - now);
    if (this.unlimited) return pause;
    return Math.max(pause, this.tat - this.toleranceMs - now, 0);
  }

  /** Books one request at `now`; call only when waitMs(now) is 0. */
  take(now: number): void {
    if (this.unlimited) return;
    this.tat = Math.max(this.tat, now) + this.intervalMs;
  }

  /** Holds every request of this class until `until` (after a 429, the server asked us to wait). */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }
}
