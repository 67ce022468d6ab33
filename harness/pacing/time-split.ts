/**
 * Where a check's time went in the pacing proxy, as wall-clock time: `blockedMs` while it had
 * requests in the proxy and none of them at the target (the run's own queue, rate buckets, retry
 * backoff), `serverMs` while at least one was at the target. Concurrent requests are counted once,
 * so the two never add up to more than the time that passed. A deadline that runs out judges the
 * target only by `serverMs` (issue 36: a queue of 8 s a request was blamed on the target).
 */
export interface TimeSplit {
  blockedMs: number;
  serverMs: number;
}

/** One check's requests (by its pacing tag). */
export class CheckTime {
  private inProxy = 0;
  private atServer = 0;
  private since: number;
  private split: TimeSplit = { blockedMs: 0, serverMs: 0 };

  constructor(private readonly now: () => number = () => performance.now()) {
    this.since = now();
  }

  private tick(): void {
    const t = this.now();
    if (this.atServer > 0) this.split.serverMs += t - this.since;
    else if (this.inProxy > 0) this.split.blockedMs += t - this.since;
    this.since = t;
  }

  /** A request of the check entered the proxy (it queues first). */
  enter(): void {
    this.tick();
    this.inProxy += 1;
  }

  leave(): void {
    this.tick();
    this.inProxy = Math.max(0, this.inProxy - 1);
  }

  /** One attempt left for the target. */
  toServer(): void {
    this.tick();
    this.atServer += 1;
  }

  fromServer(): void {
    this.tick();
    this.atServer = Math.max(0, this.atServer - 1);
  }

  read(): TimeSplit {
    this.tick();
    return { blockedMs: Math.round(this.split.blockedMs), serverMs: Math.round(this.split.serverMs) };
  }
}

/** Every check's split, for one target; the coordinator answers a worker's question from it. */
export class TimeSplits {
  private readonly byTag = new Map<string, CheckTime>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  of(tag: string): CheckTime {
    let t = this.byTag.get(tag);
    if (!t) {
      t = new CheckTime(this.now);
      this.byTag.set(tag, t);
    }
    return t;
  }

  read(tag: string): TimeSplit {
    return this.byTag.get(tag)?.read() ?? { blockedMs: 0, serverMs: 0 };
  }

  forget(tag: string): void {
    this.byTag.delete(tag);
  }
}
