import { BurstControl } from './burst.js';
import { RateBucket } from './rate-bucket.js';

/** The two rate-limit classes of the live service: GETs, and everything else (writes). */
export type MethodClass = 'get' | 'write';

export const methodClass = (method: string): MethodClass => (method.toUpperCase() === 'GET' ? 'get' : 'write');

export interface PacerOptions {
  getPerMin: number;
  writePerMin: number;
  /** Requests in flight at once, across all workers (MAX_CONCURRENCY). */
  maxInFlight: number;
  now?: () => number;
  /** Quiet period after which a pace cut by 429s steps up again (burst.ts). */
  quietMs?: number;
}

interface Waiter {
  priority: number;
  seq: number;
  resolve: (release: () => void) => void;
}

/** Thrown by acquire() when its signal aborts while the request still waits in the queue. */
export class QueueTimeout extends Error {
  override name = 'QueueTimeout';
}

export interface PacerStats {
  granted: number;
  maxInFlight: number;
  /** Requests that had to wait for a rate-limit token or a free slot. */
  waited: number;
  totalWaitMs: number;
}

/**
 * One pacer for the whole run, in the main process: every attempt of every worker takes a
 * token of its class and a slot. Waiters are served by priority (the check that started first
 * goes first, so checks finish instead of all crawling), then in arrival order. When the server
 * answers 429 anyway, its burst limit is lower than ours: the slots and a request rate are cut
 * and raised again when the 429s stop (burst.ts).
 */
export class Pacer {
  private readonly buckets: Record<MethodClass, RateBucket>;
  private readonly queues: Record<MethodClass, Waiter[]> = { get: [], write: [] };
  private inFlight = 0;
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  readonly stats: PacerStats = { granted: 0, maxInFlight: 0, waited: 0, totalWaitMs: 0 };
  /** The pace the server's 429s allow (AIMD on slots and rate). */
  readonly burst: BurstControl;

  constructor(readonly options: PacerOptions) {
    this.buckets = { get: new RateBucket(options.getPerMin), write: new RateBucket(options.writePerMin) };
    this.now = options.now ?? (() => performance.now());
    this.burst = new BurstControl({ maxInFlight: options.maxInFlight, quietMs: options.quietMs });
  }

  get active(): number {
    return this.inFlight;
  }

  get queued(): number {
    return this.queues.get.length + this.queues.write.length;
  }

  /**
   * Resolves with a release function once the request may go. Lower priority values go first.
   * Rejects with QueueTimeout when `signal` aborts first.
   */
  acquire(cls: MethodClass, priority = 0, signal?: AbortSignal): Promise<() => void> {
    const asked = this.now();
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new QueueTimeout('gave up waiting for a pacing slot'));
      const onAbort = () => {
        const queue = this.queues[cls];
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        reject(new QueueTimeout('gave up waiting for a pacing slot'));
      };
      const waiter: Waiter = {
        priority,
        seq: this.seq++,
        resolve: (release) => {
          signal?.removeEventListener('abort', onAbort);
          const waited = this.now() - asked;
          if (waited > 1) {
            this.stats.waited += 1;
            this.stats.totalWaitMs += waited;
          }
          resolve(release);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      insertSorted(this.queues[cls], waiter);
      this.pump();
    });
  }

  /** After a 429: no request of this class leaves before `delayMs` from now. */
  holdClass(cls: MethodClass, delayMs: number): void {
    this.buckets[cls].pauseUntil(this.now() + delayMs);
  }

  /** A 429 came back although our limits were kept: fewer requests in flight, and a slower pace, for a while. */
  rateLimited(holdMs?: number): void {
    this.burst.rateLimited(this.now(), holdMs);
  }

  private pump(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    for (;;) {
      const now = this.now();
      this.burst.recover(now);
      if (this.inFlight >= Math.min(this.options.maxInFlight, this.burst.inFlight)) return;
      let pick: MethodClass | undefined;
      let soonest = Number.POSITIVE_INFINITY;
      const paced = this.burst.waitMs(now);
      if (paced > 0 && this.queued > 0) {
        this.timer = setTimeout(() => this.pump(), Math.max(1, Math.ceil(paced)));
        return;
      }
      for (const cls of ['get', 'write'] as const) {
        const head = this.queues[cls][0];
        if (!head) continue;
        const wait = this.buckets[cls].waitMs(now);
        if (wait > 0) {
          soonest = Math.min(soonest, wait);
          continue;
        }
        const best = pick ? this.queues[pick][0]! : undefined;
        if (!best || before(head, best)) pick = cls;
      }
      if (!pick) {
        if (Number.isFinite(soonest)) this.timer = setTimeout(() => this.pump(), Math.max(1, Math.ceil(soonest)));
        return;
      }
      const waiter = this.queues[pick].shift()!;
      this.buckets[pick].take(now);
      this.burst.started(now);
      this.inFlight += 1;
      this.stats.granted += 1;
      this.stats.maxInFlight = Math.max(this.stats.maxInFlight, this.inFlight);
      let released = false;
      waiter.resolve(() => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

const before = (a: Waiter, b: Waiter) => a.priority < b.priority || (a.priority === b.priority && a.seq < b.seq);

function insertSorted(queue: Waiter[], w: Waiter): void {
  let i = queue.length;
  while (i > 0 && before(w, queue[i - 1]!)) i -= 1;
  queue.splice(i, 0, w);
}
