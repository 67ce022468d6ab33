import { InconclusiveError } from '../core/errors.js';

/**
 * The time a check's plan gives it on a live target, as a clock that stops while the check waits
 * for a shared fixture: the fixture is admitted and budgeted on its own, so its time under slow
 * limits (30 GETs and 10 writes a minute) is not the check's. Waits may overlap (fixtures read
 * in parallel); the clock runs again when the last one ends.
 */
export class Deadline {
  private remainingMs: number;
  private since = performance.now();
  private waits = 0;
  private timer: NodeJS.Timeout | undefined;
  private fire: (err: InconclusiveError) => void = () => undefined;
  /** Rejects when the check's own time is spent. */
  readonly expired: Promise<never>;

  constructor(private readonly totalMs: number) {
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
    clearTimeout(this.timer);
  }

  private arm(): void {
    this.timer = setTimeout(
      () =>
        this.fire(
          new InconclusiveError(
            `no conclusion within the ${Math.round(this.totalMs / 1000)} s the plan gave it: the target answered too slowly`,
            {
              kind: 'deadline',
              message: `no conclusion within the ${Math.round(this.totalMs / 1000)} s the plan gave it: the target answered too slowly`,
              ms: this.totalMs,
            },
          ),
        ),
      Math.max(0, this.remainingMs),
    );
  }
}

/** The work, or inconclusive when the deadline expires first. */
export function withinDeadline(work: Promise<void>, deadline: Deadline): Promise<void> {
  return Promise.race([work, deadline.expired]).finally(() => deadline.stop());
}
