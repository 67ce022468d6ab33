import { addDays, boundOf, dayOf, rangePlacement } from '../../harness/checks/index.js';

/**
 * Windows of the §4.6 date filters, which take YYYY-MM-DD. The time zone of a date-only bound is
 * not shown, nor whether the end day is included: what is sure is judged (no zone is more than 14
 * hours from UTC), by the one range judge of harness/checks/ranges.ts.
 */

const DAY = 86_400_000;

export interface DayWindow {
  start: string;
  end: string;
  /** Inside whatever the zone, and whether or not the end day counts. */
  surelyIn(t: number): boolean;
  /** Outside whatever the zone, and whether or not the end day counts. */
  surelyOut(t: number): boolean;
}

export function dayWindow(start: string, end: string): DayWindow {
  const range = { start: boundOf('start', start), end: boundOf('end', end) };
  const placed = (t: number) => rangePlacement({ lo: t, hi: t }, range);
  return { start, end, surelyIn: (t) => placed(t) === 'inside', surelyOut: (t) => placed(t) === 'outside' };
}

/** The narrowest window every one of these times is surely in. */
export function windowAround(times: readonly number[]): DayWindow {
  const [min, max] = [Math.min(...times), Math.max(...times)];
  return dayWindow(addDays(dayOf(new Date(min)), -1), addDays(dayOf(new Date(max)), 2));
}

/** A window between two quantiles of the times (at least 3), by their UTC days. */
export function quantileDays(times: readonly number[], from: number, to: number): DayWindow | undefined {
  const sorted = [...times].sort((a, b) => a - b);
  if (sorted.length < 3) return undefined;
  return dayWindow(
    dayOf(new Date(sorted[Math.floor(sorted.length * from)]!)),
    dayOf(new Date(sorted[Math.floor(sorted.length * to)]!)),
  );
}

/** A window from the first to the third quartile of the times (at least 3), by their UTC days. */
export const middleDays = (times: readonly number[]): DayWindow | undefined => quantileDays(times, 1 / 4, 3 / 4);

export const daysBetween = (a: number, b: number) => Math.abs(a - b) / DAY;
