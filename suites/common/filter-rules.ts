import { isoSeconds, updatedStampOf } from '../../harness/checks/index.js';
import type { ResourceAdapter } from './adapter.js';
import type { FilterRule, Known } from './pairwise.js';

/**
 * The updated-date window of §4.1 and §4.2 (updatedDateStart / updatedDateEnd, ISO 8601) as the
 * single-filter check judges it: a record's last update is located under its usual names (not a
 * documented field) and lies inside or outside the window's bounds; the run's own records, written
 * during the run, lie inside a window around the run and outside one that ended before it.
 */
/** `skewMs`: the target's clock minus the harness's, where the window was built around the run's writes (S-TIME-clock-skew). */
export type Window = { start: string; end: string; skewMs?: number };

export const updatedQuery = (w: Window) => ({ updatedDateStart: w.start, updatedDateEnd: w.end });

export function updatedWindowRule(w: Window, name = 'updated window'): FilterRule {
  const [s, e] = [Date.parse(w.start), Date.parse(w.end)];
  return {
    name,
    query: updatedQuery(w),
    admits(k: Known) {
      const t = updatedStampOf(k.record);
      if (t !== undefined) {
        if (t < s || t > e) return { out: `updated ${new Date(t).toISOString()}, outside ${w.start} .. ${w.end}` };
        return t > s && t < e ? true : undefined;
      }
      if (k.writtenAt === undefined) return undefined;
      // Written by the run at writtenAt and perhaps changed since, never before it nor in the future: both on the target's clock.
      const [written, now] = [k.writtenAt + (w.skewMs ?? 0), Date.now() + (w.skewMs ?? 0)];
      if (written > s + 1000 && now < e - 1000) return true;
      return e < written - 1000 ? { out: `written by the run after ${w.end}` } : undefined;
    },
  };
}

/** Records listed with an update time outside the window, one line each (the single-filter check's mismatch). */
export const updatedOutside = (
  adapter: ResourceAdapter,
  records: readonly Record<string, unknown>[],
  w: Window,
): string[] =>
  records.flatMap((record) => {
    const v = updatedWindowRule(w).admits({ id: adapter.idOf(record) ?? '(no id)', record, from: 'listed' });
    return typeof v === 'object' ? [`${adapter.idOf(record)} ${v.out}`] : [];
  });

/**
 * An updated window amid some known records' update times: its start in the first gap of more than
 * two seconds between them, its end in the last one, so the earliest lies before it and the latest
 * after (each bound then keeps one out on its own). Undefined when their times leave no two gaps.
 */
export function windowAmid(records: readonly Record<string, unknown>[]): Window | undefined {
  const times = [...new Set(records.map(updatedStampOf).filter((t): t is number => t !== undefined))].sort(
    (a, b) => a - b,
  );
  const gaps = times.slice(1).flatMap((t, i) => (t - times[i]! > 2000 ? [i] : []));
  if (gaps.length < 2) return undefined;
  const [first, last] = [gaps[0]!, gaps.at(-1)!];
  return {
    start: isoSeconds(Math.ceil((times[first]! + 1000) / 1000) * 1000),
    end: isoSeconds(Math.floor((times[last + 1]! - 1000) / 1000) * 1000),
  };
}
