import type { Upstream, UpstreamAnswer, UpstreamRequest } from './http.js';

/**
 * Choice lists-lag-writes: a primary that takes every write and answers reads by id, and a
 * replica that answers lists, filters and searches, trailing by 1-2 s, as a read replica or a
 * search index does.
 *
 * Both are reference mocks started from the same seed. The replica is brought along by replaying
 * the primary's writes, in the primary's order, each one `lag` ms after the primary took it. Two
 * things keep them identical:
 *  - Order. Writes go to the primary one at a time (the write lane), so "the primary's order" is
 *    well defined, and the replica replays them one at a time in that order. Every write is
 *    replayed, refused ones too: a refused bulk create may still have drawn ids from the backend's
 *    counter, and the counters must agree for the ids to agree.
 *  - Time. The primary's clock records the timestamps it hands out while it handles a write (only
 *    write handlers read the clock, and only one write runs at a time); the replica's clock plays
 *    that tape back when the write is replayed. So during the lag a list shows the record as it was,
 *    and afterwards with the very createdDate and updatedDate the primary gave it, and the date
 *    filters of a list agree with the reads by id.
 */

/** The primary's clock: the real time, with a tape of what it answered during one write. */
export class RecordingClock {
  private tape: number[] | undefined;
  readonly now = (): number => {
    const t = Date.now();
    this.tape?.push(t);
    return t;
  };
  start(): void {
    this.tape = [];
  }
  stop(): number[] {
    const tape = this.tape ?? [];
    this.tape = undefined;
    return tape;
  }
}

/** The replica's clock: the primary's tape of the write being replayed, else the real time. */
export class ScriptedClock {
  private script: number[] = [];
  readonly now = (): number => this.script.shift() ?? Date.now();
  play(tape: readonly number[]): void {
    this.script = [...tape];
  }
  /** Values the replay did not use: the two stores took different paths. */
  leftover(): number {
    return this.script.length;
  }
}

interface Replay {
  request: UpstreamRequest;
  tape: number[];
  primaryStatus: number;
  dueAt: number;
}

export interface ReplicationStats {
  writes: number;
  replayed: number;
  /** Replays whose status or clock use differed from the primary's: should stay 0. */
  diverged: number;
}

export class Replication {
  private lane: Promise<unknown> = Promise.resolve();
  private readonly queue: Replay[] = [];
  private draining = false;
  private idle: (() => void)[] = [];
  private lastDue = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  readonly stats: ReplicationStats = { writes: 0, replayed: 0, diverged: 0 };

  constructor(
    private readonly primary: Upstream,
    private readonly replica: Upstream,
    private readonly primaryClock: RecordingClock,
    private readonly replicaClock: ScriptedClock,
    /** The lag of the next write, in ms. */
    private readonly lag: () => number,
  ) {}

  /**
   * A write to the primary, alone in the lane; queued for the replica with its tape.
   * `replay` is the same request as the replica will receive it (its credential may differ).
   */
  write(request: UpstreamRequest, replay: UpstreamRequest = request): Promise<UpstreamAnswer> {
    const run = async () => {
      this.primaryClock.start();
      let answer: UpstreamAnswer;
      let tape: number[];
      try {
        answer = await this.primary(request);
      } finally {
        tape = this.primaryClock.stop();
      }
      this.stats.writes += 1;
      this.lastDue = Math.max(this.lastDue, Date.now() + this.lag());
      this.queue.push({ request: replay, tape, primaryStatus: answer.status, dueAt: this.lastDue });
      this.drain();
      return answer;
    };
    const result = this.lane.then(run, run);
    this.lane = result.catch(() => undefined);
    return result;
  }

  /** Resolves when every write taken so far has reached the replica. */
  settled(): Promise<void> {
    if (!this.draining && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.queue.length = 0;
    for (const r of this.idle.splice(0)) r();
  }

  private drain(): void {
    if (this.draining || this.stopped) return;
    this.draining = true;
    void this.loop().finally(() => {
      this.draining = false;
      for (const r of this.idle.splice(0)) r();
    });
  }

  private async loop(): Promise<void> {
    while (this.queue.length && !this.stopped) {
      const next = this.queue[0]!;
      const wait = next.dueAt - Date.now();
      if (wait > 0) await new Promise<void>((r) => (this.timer = setTimeout(r, wait)));
      if (this.stopped) return;
      this.queue.shift();
      this.replicaClock.play(next.tape);
      try {
        const answer = await this.replica(next.request);
        const same = answer.status === next.primaryStatus && this.replicaClock.leftover() === 0;
        if (!same) this.diverge(next, `HTTP ${answer.status} on the replica, ${next.primaryStatus} on the primary`);
      } catch (err) {
        this.diverge(next, String(err));
      }
      this.stats.replayed += 1;
    }
  }

  private diverge(r: Replay, why: string): void {
    this.stats.diverged += 1;
    console.warn(`[production] replica diverged on ${r.request.method} ${r.request.path}: ${why}`);
  }
}
