/**
 * The harness "at another date", for self-tests only (test/dates.test.ts): `Date` of this thread
 * runs `offsetMs` away from the machine's clock, so a check that works on some days only is found on
 * the day it breaks, not when a partner meets it. vitest.config.ts loads this file into the conformance
 * workers only when SELFTEST_CLOCK_OFFSET_MS is set; the self-test shifts its own thread (where the
 * embedded servers and the run's coordinator live) with `shiftClock`. Timers are left alone: only
 * what the date reads.
 */

const REAL = Symbol.for('conformance.selftest.realDate');
type Holder = { [REAL]?: DateConstructor };
const holder = globalThis as unknown as Holder;

/** Moves `Date` by `offsetMs` (idempotent: always from the real clock); returns the undo. */
export function shiftClock(offsetMs: number): () => void {
  const Real = holder[REAL] ?? Date;
  holder[REAL] = Real;
  class Shifted extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(Real.now() + offsetMs);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return Real.now() + offsetMs;
    }
    // A date made before the shift (or by the real constructor) is still a Date.
    static override [Symbol.hasInstance](x: unknown): boolean {
      return x instanceof Real;
    }
  }
  // Date() called as a function gives the string of now.
  const ShiftedDate = new Proxy(Shifted, {
    apply: () => new Shifted().toString(),
  }) as unknown as DateConstructor;
  globalThis.Date = ShiftedDate;
  return () => {
    globalThis.Date = Real;
  };
}

const offset = Number(process.env.SELFTEST_CLOCK_OFFSET_MS);
if (offset) shiftClock(offset);
