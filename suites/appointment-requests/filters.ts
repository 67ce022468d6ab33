import type { FilterRule, Known } from '../common/pairwise.js';
import { legacyWindow, standardWindow } from './fixtures.js';
import {
  insideStamps,
  instantOf,
  outsideStamps,
  startOf,
  startsInsideDays,
  startsOutsideDays,
  updatedAtOf,
  type Window,
} from './records.js';

/**
 * The GET /appointmentRequests filters of §4.5 as their single-filter checks judge them, for the
 * pairwise check: a request's start and last update are located under their usual names, and only
 * what holds under every reading of a time without a zone or a date-only bound is judged.
 */

/** The appointment window, by its standard names or their legacy aliases (one rule: the aliases filter alike). */
export function appointmentWindowRule(w: Window, names: 'standard' | 'legacy'): FilterRule {
  return {
    name: 'appointment window',
    query: names === 'standard' ? standardWindow(w) : legacyWindow(w),
    admits: (k: Known) => {
      const at = startOf(k.record);
      if (!at) return undefined;
      if (startsOutsideDays(at, w))
        return { out: `it starts ${new Date(at.utc).toISOString()}, outside ${w.start} .. ${w.end} under any zone` };
      return startsInsideDays(at, w) ? true : undefined;
    },
  };
}

/**
 * The updated window (ISO bounds). A request whose updatedAt is null is not judged here: that rule
 * (§4.5 list rule 4) has its own clause, APPT-UPDATED-NULL-EXCLUDED.
 */
export function appointmentUpdatedRule(w: { start: string; end: string }): FilterRule {
  const [s, e] = [Date.parse(w.start), Date.parse(w.end)];
  return {
    name: 'updated window',
    query: { updatedDateStart: w.start, updatedDateEnd: w.end },
    admits: (k: Known) => {
      const at = instantOf(updatedAtOf(k.record));
      if (!at) return undefined;
      if (outsideStamps(at, s, e))
        return { out: `updated ${JSON.stringify(updatedAtOf(k.record))}, outside ${w.start} .. ${w.end}` };
      return insideStamps(at, s, e) ? true : undefined;
    },
  };
}
