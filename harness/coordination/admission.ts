import type { AdmitAnswer, AdmitRequest, Budget } from './protocol.js';

export interface AdmissionOptions {
  getPerMin: number;
  writePerMin: number;
  /** Work admitted at once, as time under the rate limits: a started check waits at most this long behind others. */
  horizonMs?: number;
  /** Floor of a check's deadline (room for a slow server when nothing is rate limited). */
  minDeadlineMs?: number;
  /** Room per request of the check's own budget, for the server's own latency. */
  perRequestMs?: number;
  now?: () => number;
}

interface Admitted {
  remaining: Budget;
  order: number;
  shared: boolean;
}

interface Waiting {
  req: AdmitRequest;
  resolve: (a: AdmitAnswer) => void;
}

/** Shared tasks (fixtures many checks wait for) are admitted at once and served first. */
export const isSharedTag = (check: string) => check.startsWith('shared:');

/**
 * Planned admission under the rate limits. A check starts only when the work already admitted
 * plus its own budget can be served within the horizon, in arrival order; its deadline follows
 * from that backlog, not from a fixed timeout. With both limits unlimited everything is admitted
 * at once. The pacer serves admitted work in admission order, so a started check finishes
 * instead of crawling beside every other.
 */
export class Admission {
  private readonly admitted = new Map<string, Admitted>();
  private readonly queue: Waiting[] = [];
  private order = 0;
  private stopped = false;
  private readonly ratePerMs: Record<keyof Budget, number>;
  private readonly horizonMs: number;
  private readonly minDeadlineMs: number;
  private readonly perRequestMs: number;
  private readonly now: () => number;
  /** Longest any check waited for admission, for the run's report. */
  maxWaitMs = 0;

  constructor(o: AdmissionOptions) {
    this.ratePerMs = { get: o.getPerMin / 60_000, write: o.writePerMin / 60_000 };
    this.horizonMs = o.horizonMs ?? 45_000;
    this.minDeadlineMs = o.minDeadlineMs ?? 60_000;
    this.perRequestMs = o.perRequestMs ?? 3_000;
    this.now = o.now ?? (() => performance.now());
  }

  /** Time to serve the remaining budgets of admitted work, plus `extra`, under the limits. */
  backlogMs(extra: Budget = { get: 0, write: 0 }): number {
    const sum = { get: extra.get, write: extra.write };
    for (const a of this.admitted.values()) {
      sum.get += a.remaining.get;
      sum.write += a.remaining.write;
    }
    const time = (cls: keyof Budget) => (this.ratePerMs[cls] > 0 ? sum[cls] / this.ratePerMs[cls] : 0);
    return Math.max(time('get'), time('write'));
  }

  admit(req: AdmitRequest): Promise<AdmitAnswer> {
    if (this.stopped) return Promise.resolve({ interrupted: true });
    const asked = this.now();
    return new Promise((resolve) => {
      this.queue.push({
        req,
        resolve: (a) => {
          this.maxWaitMs = Math.max(this.maxWaitMs, this.now() - asked);
          resolve(a);
        },
      });
      this.pump();
    });
  }

  /** One request of `check` left for the target: its remaining budget shrinks. */
  spent(check: string, cls: keyof Budget): void {
    const a = this.admitted.get(check);
    if (a && a.remaining[cls] > 0) {
      a.remaining[cls] -= 1;
      this.pump();
    }
  }

  /** The run is stopping: every check still waiting is told not to start, and so is every later one. */
  interrupt(): void {
    this.stopped = true;
    for (const w of this.queue.splice(0)) w.resolve({ interrupted: true });
  }

  release(check: string): void {
    if (this.admitted.delete(check)) this.pump();
  }

  /** Pacing priority of a request tagged with `check`: shared tasks first, then admission order. */
  priorityOf(check: string | undefined): number {
    if (!check) return 0;
    const a = this.admitted.get(check);
    if (!a) return Number.MAX_SAFE_INTEGER;
    return a.shared ? 0 : a.order;
  }

  get waiting(): number {
    return this.queue.length;
  }

  private fits(budget: Budget): boolean {
    const checks = [...this.admitted.values()].filter((a) => !a.shared).length;
    return checks === 0 || this.backlogMs(budget) <= this.horizonMs;
  }

  private pump(): void {
    for (;;) {
      // Shared tasks jump the queue: admitted checks wait on them, so holding them back could deadlock.
      const sharedAt = this.queue.findIndex((w) => isSharedTag(w.req.check));
      const at = sharedAt >= 0 ? sharedAt : 0;
      const next = this.queue[at];
      if (!next) return;
      const shared = isSharedTag(next.req.check);
      if (!shared && !this.fits(next.req.budget)) return;
      this.queue.splice(at, 1);
      this.order += 1;
      const backlog = this.backlogMs(next.req.budget);
      this.admitted.set(next.req.check, { remaining: { ...next.req.budget }, order: this.order, shared });
      const own = next.req.budget.get + next.req.budget.write;
      next.resolve({
        order: this.order,
        deadlineMs: Math.round(Math.max(this.minDeadlineMs, 2 * backlog + own * this.perRequestMs + 30_000)),
      });
    }
  }
}
