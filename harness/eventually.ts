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

/** What a check records of each wait, for the certification's "time to show" figures. */
export interface WaitRecord {
  what: string;
  shown: boolean;
  afterMs: number;
  reads: number;
  windowMs: number;
}

export interface WaitClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: WaitClock = { now: () => performance.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

export const FIRST_BACKOFF_MS = 250;
export const MAX_BACKOFF_MS = 2_000;

export async function eventually<T>(read: () => Promise<T>, shows: (value: T) => boolean, windowMs: number, clock: WaitClock = realClock): Promise<Wait<T>> {
  const started = clock.now();
  let reads = 0;
  let pause = FIRST_BACKOFF_MS;
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
