/**
 * Kubernetes e2e's Eventually for reads after the run's own writes: read until the write shows,
 * or until the consistency window ends. The first read that shows it ends the wait, so a server
 * that shows writes at once costs one read; between reads the wait backs off (0.25 s, doubling,
 * at most 2 s), and never sleeps past the window. Every wait is counted and reported.
 */

export interface Wait<T> {
  /** The last value read: the one that showed the write, or the last one inside the window. */
  value: T;
  shown: boolean;
  /** From the start of the wait to the answer that showed the write (or to the last answer). */
  afterMs: number;
  reads: number;
}

/** What a check records of each wait: core/events.ts's WaitRecord. */
export type { WaitRecord } from './core/events.js';

export interface WaitClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: WaitClock = { now: () => performance.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

export const FIRST_BACKOFF_MS = 250;
export const MAX_BACKOFF_MS = 2_000;

/**
 * `firstPauseMs`: the pause after the first read that did not show the write. `firstReadAfterMs`:
 * a wait before the first read, bounded by the window and counted in `afterMs`. A rate-limited run
 * sets both to the lag it has already seen (see LagMemory), so a server whose lists trail writes
 * by a second costs one read per wait, not four; a server that shows writes at once never teaches
 * a lag, and its first read comes at once.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  shows: (value: T) => boolean,
  windowMs: number,
  clock: WaitClock = realClock,
  firstPauseMs: number = FIRST_BACKOFF_MS,
  firstReadAfterMs = 0,
): Promise<Wait<T>> {
  const started = clock.now();
  let reads = 0;
  let pause = Math.max(FIRST_BACKOFF_MS, Math.min(MAX_BACKOFF_MS, firstPauseMs));
  const before = Math.min(firstReadAfterMs, windowMs);
  if (before > 0) await clock.sleep(before);
  for (;;) {
    const value = await read();
    reads += 1;
    const afterMs = Math.round(clock.now() - started);
    if (shows(value)) return { value, shown: true, afterMs, reads };
    const left = windowMs - (clock.now() - started);
    // One more read is worth it only if it can come inside the window.
    if (left <= 0) return { value, shown: false, afterMs, reads };
    await clock.sleep(Math.min(pause, left));
    pause = Math.min(MAX_BACKOFF_MS, pause * 2);
  }
}

/**
 * The lag this process has seen between a write and the read that first showed it: the longest of
 * the recent waits that ended shown. Rate-limited runs start their backoff there (reads are the
 * scarce budget); a server that shows writes at once never teaches it anything.
 */
export class LagMemory {
  private readonly recent: number[] = [];

  constructor(private readonly keep = 8) {}

  record(wait: Pick<Wait<unknown>, 'shown' | 'afterMs' | 'reads'>): void {
    if (!wait.shown || wait.reads < 2) return;
    this.recent.push(wait.afterMs);
    if (this.recent.length > this.keep) this.recent.shift();
  }

  /** Where the next wait's backoff starts. */
  firstPauseMs(): number {
    return Math.max(FIRST_BACKOFF_MS, this.learnedMs());
  }

  /** The longest recent lag, 0 when no wait has needed a second read yet. */
  learnedMs(): number {
    return this.recent.length ? Math.max(...this.recent) : 0;
  }
}
