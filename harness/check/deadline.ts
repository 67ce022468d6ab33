import { InconclusiveError } from '../core/errors.js';
import type { Cause } from '../core/outcome.js';
import type { TimeSplit } from '../pacing/time-split.js';

export interface DeadlineOptions {
  /**
   * Where the check's time in the pacing proxy went so far (harness/pacing/time-split.ts). When
   * given, time its requests spent queued in the run's own pacer is not the check's: the deadline
   * moves by it, and an end is blamed on the target only for the time the target took.
   */
  split?: () => Promise<TimeSplit>;
  /** The longest the check may take in all, its queue time included (the test's own timeout, less a margin). */
  capMs?: number;
}

/** Queue time below this is not worth another look at the clock. */
const CREDIT_FLOOR_MS = 1_000;

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * Why a check ended without a conclusion, from where its time went (issue 36 case 3): the run's
 * own pacing is never "the target answered too slowly". Without a split (the embedded mock) the
 * time is the target's.
 */
export function deadlineCause(planMs: number, split?: TimeSplit, spentMs?: number): Cause {
  const within = `no conclusion within the ${seconds(planMs)} the plan gave it`;
  if (!split) return { kind: 'deadline', message: `${within}: the target answered too slowly`, ms: planMs };
  const queued = `the run's own pacing queued its requests ${seconds(split.blockedMs)}`;
  const answered = `the target took ${seconds(split.serverMs)} to answer them`;
  const total = spentMs !== undefined && spentMs > planMs + CREDIT_FLOOR_MS ? ` (${seconds(spentMs)} in all)` : '';
  const message =
    split.blockedMs > split.serverMs
      ? `${within}${total}: ${queued}; ${answered}`
      : `${within}${total}: the target answered too slowly (${answered}; ${queued})`;
  return { kind: 'deadline', message, ms: planMs };
}

/**
 * The time a check's plan gives it on a live target, as a clock that stops while the check waits
 * for a shared fixture: the fixture is admitted and budgeted on its own, so its time under slow
 * limits (30 GETs and 10 writes a minute) is not the check's. Waits may overlap (fixtures read
 * in parallel); the clock runs again when the last one ends. Time the check's own requests spent
 * queued in the pacer is given back when the clock runs out (DeadlineOptions.split), up to capMs.
 */
export class Deadline {
  private remainingMs: number;
  private since = performance.now();
  private readonly startedAt = this.since;
  private waits = 0;
  private credited = 0;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private fire: (err: InconclusiveError) => void = () => undefined;
  /** Rejects when the check's own time is spent. */
  readonly expired: Promise<never>;

  constructor(
    private readonly totalMs: number,
    private readonly o: DeadlineOptions = {},
  ) {
    this.remainingMs = totalMs;
    this.expired = new Promise<never>((_, reject) => {
      this.fire = reject;
    });
    // The race that awaits it may end first; never an unhandled rejection.
    this.expired.catch(() => undefined);
    this.arm();
  }

  /** A wait for a shared fixture starts: the clock stops. */
  pause(): void {
    if (this.waits++ > 0) return;
    clearTimeout(this.timer);
    this.remainingMs -= performance.now() - this.since;
  }

  /** A wait ends: the clock runs again when no other wait is under way. */
  resume(): void {
    if (--this.waits > 0) return;
    this.since = performance.now();
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private arm(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.expire(), Math.max(0, this.remainingMs));
  }

  /** The clock ran out: give back the time spent in the run's own queue since the last look, or end. */
  private async expire(): Promise<void> {
    const split = this.o.split ? await this.o.split().catch(() => undefined) : undefined;
    if (this.stopped) return;
    const spent = performance.now() - this.startedAt;
    const fresh = split ? split.blockedMs - this.credited : 0;
    if (split && fresh >= CREDIT_FLOOR_MS && spent + fresh <= (this.o.capMs ?? Number.POSITIVE_INFINITY)) {
      this.credited += fresh;
      this.remainingMs = fresh;
      this.since = performance.now();
      // A wait for a fixture that began meanwhile re-arms the clock when it ends.
      if (this.waits === 0) this.arm();
      return;
    }
    const cause = deadlineCause(this.totalMs, split, spent);
    this.fire(new InconclusiveError(cause.message, cause));
  }
}

/** The work, or inconclusive when the deadline expires first. */
export function withinDeadline(work: Promise<void>, deadline: Deadline): Promise<void> {
  return Promise.race([work, deadline.expired]).finally(() => deadline.stop());
}
