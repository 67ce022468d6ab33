/**
 * What the pacer does when a server answers 429 although the configured limits were kept: the
 * server's own burst limit is lower (§8: rate limits are not shown). AIMD, as TCP does with a
 * congestion window:
 *
 * - on a 429, the requests in flight are halved (at least one) and a request rate is imposed at
 *   half the rate of the last second (or half the rate imposed before), once per episode: the 429s
 *   of one burst cut once, not once each;
 * - after a quiet period without any 429, one more request may be in flight and the rate rises by
 *   one request a second (or a tenth), until the configured concurrency is back and the rate is
 *   high enough to drop it.
 *
 * Pure: the caller passes the clock.
 */

export interface BurstOptions {
  /** The configured MAX_CONCURRENCY: never exceeded, and restored when the 429s stop. */
  maxInFlight: number;
  /** How long without a 429 before one step up. */
  quietMs?: number;
  /** A rate this high (requests a second) is dropped: the burst limit no longer binds. */
  releasePerSecond?: number;
}

export interface BurstStats {
  /** Episodes of 429s that cut the pace. */
  cuts: number;
  /** The fewest requests allowed in flight, and the lowest rate imposed (requests a second), over the run. */
  lowestInFlight: number;
  lowestPerSecond?: number;
}

export class BurstControl {
  /** Requests allowed in flight now. */
  inFlight: number;
  /** Requests a second allowed now; undefined while no 429 binds. */
  perSecond: number | undefined;
  readonly stats: BurstStats;
  private readonly quietMs: number;
  private readonly releasePerSecond: number;
  private readonly starts: number[] = [];
  private episodeUntil = Number.NEGATIVE_INFINITY;
  private lastChange = Number.NEGATIVE_INFINITY;
  private lastLimited = Number.NEGATIVE_INFINITY;

  constructor(readonly options: BurstOptions) {
    this.inFlight = options.maxInFlight;
    this.quietMs = options.quietMs ?? 3_000;
    this.releasePerSecond = options.releasePerSecond ?? 200;
    this.stats = { cuts: 0, lowestInFlight: options.maxInFlight };
  }

  /** A request leaves now (for the rate of the last second). */
  started(now: number): void {
    this.starts.push(now);
    while (this.starts.length && this.starts[0]! < now - 1_000) this.starts.shift();
  }

  /** Requests started in the second before `now`. */
  lastSecond(now: number): number {
    return this.starts.filter((t) => t >= now - 1_000).length;
  }

  /** A 429 came back; `holdMs` is how long the server asked to wait. True when it cut the pace (a new episode). */
  rateLimited(now: number, holdMs = 1_000): boolean {
    this.lastLimited = now;
    if (now < this.episodeUntil) return false;
    this.episodeUntil = now + Math.max(1_000, holdMs) + 250;
    this.inFlight = Math.max(1, Math.floor(this.inFlight / 2));
    const seen = Math.max(1, this.lastSecond(now));
    this.perSecond = Math.max(1, Math.floor(Math.min(this.perSecond ?? seen, seen) / 2));
    this.lastChange = now;
    this.stats.cuts += 1;
    this.stats.lowestInFlight = Math.min(this.stats.lowestInFlight, this.inFlight);
    this.stats.lowestPerSecond = Math.min(this.stats.lowestPerSecond ?? this.perSecond, this.perSecond);
    return true;
  }

  /** One step up after a quiet period; call it whenever the pacer looks at the limits. */
  recover(now: number): void {
    if (now - this.lastLimited < this.quietMs || now - this.lastChange < this.quietMs) return;
    if (this.inFlight >= this.options.maxInFlight && this.perSecond === undefined) return;
    this.lastChange = now;
    this.inFlight = Math.min(this.options.maxInFlight, this.inFlight + 1);
    if (this.perSecond !== undefined) {
      const next = this.perSecond + Math.max(1, Math.floor(this.perSecond / 10));
      this.perSecond = next >= this.releasePerSecond ? undefined : next;
    }
  }

  /** Milliseconds until the imposed rate lets the next request go; 0 when it may go now. */
  waitMs(now: number): number {
    if (this.perSecond === undefined) return 0;
    const last = this.starts.at(-1);
    return last === undefined ? 0 : Math.max(0, last + 1_000 / this.perSecond - now);
  }
}
