import type { FilterCase } from './filter.js';

/**
 * Ranges of the list filters and of the slots window (§4.1, §4.2, §4.5, §4.6): a start bound, an
 * end bound or both, each a plain day or a datetime. What the spec leaves open (the zone a bound or
 * a zone-less record time is read in, whether a date-only end includes its day) is kept open: a
 * bound stands for every instant it may mean, a record time for every instant it may be, and a
 * record is judged only where it lies inside, or outside, under every reading.
 */

export type Edge = 'start' | 'end';
export const boundForms = ['date', 'datetime'] as const;
export type BoundForm = (typeof boundForms)[number];

/** The instants (ms) a time may stand for, both included. */
export interface Span {
  lo: number;
  hi: number;
}

export interface Bound {
  edge: Edge;
  /** As sent: YYYY-MM-DD, or a datetime (YYYY-MM-DDThh:mm:ssZ when the harness builds it). */
  value: string;
  form: BoundForm;
  span: Span;
}

/** One bound, the other, or both. */
export interface Range {
  start?: Bound;
  end?: Bound;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The widest offset of a civil time zone from UTC (UTC+14). */
export const ZONE_SLACK_MS = 14 * HOUR_MS;
/** A second either side: bounds and times sent or shown in whole seconds. */
export const ROUNDING_MS = 1000;

const dayForm = /^\d{4}-\d{2}-\d{2}$/;
const zoned = /(Z|[+-]\d{2}:?\d{2})$/i;
const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * A bound as sent, with the instants it may mean: a datetime with a zone is exact; one without a
 * zone may be read in any zone; a day starts at its midnight in any zone, and as an end it may
 * stop at that midnight or at the next one (the end day in or out).
 */
export function boundOf(edge: Edge, value: string): Bound {
  if (dayForm.test(value)) {
    const m = midnight(value);
    const span =
      edge === 'start'
        ? { lo: m - ZONE_SLACK_MS, hi: m + ZONE_SLACK_MS }
        : { lo: m - ZONE_SLACK_MS, hi: m + DAY_MS + ZONE_SLACK_MS };
    return { edge, value, form: 'date', span };
  }
  const t = Date.parse(zoned.test(value) ? value : `${value}Z`);
  const span = zoned.test(value) ? { lo: t, hi: t } : { lo: t - ZONE_SLACK_MS, hi: t + ZONE_SLACK_MS };
  return { edge, value, form: 'datetime', span };
}

/** A bound on a day, in a form: the day itself, or (datetime) its first second as a start and its last second as an end, in UTC. */
export function boundOnDay(edge: Edge, day: string, form: BoundForm): Bound {
  if (form === 'date') return boundOf(edge, day);
  return boundOf(edge, `${day}T${edge === 'start' ? '00:00:00' : '23:59:59'}Z`);
}

/** A datetime bound at an instant, in whole seconds: a start rounded down, an end rounded up. */
export function boundAtInstant(edge: Edge, ms: number): Bound {
  const s = edge === 'start' ? Math.floor(ms / 1000) : Math.ceil(ms / 1000);
  return boundOf(edge, new Date(s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'));
}

/** The names a list takes for the two bounds of one range. */
export interface BoundNames {
  start: string;
  end: string;
}

/** The query parameters of a range: only the bounds it has. */
export function rangeQuery(names: BoundNames, r: Range): Record<string, string> {
  return { ...(r.start ? { [names.start]: r.start.value } : {}), ...(r.end ? { [names.end]: r.end.value } : {}) };
}

/** The range as a query string, for messages: `updatedDateStart=…&updatedDateEnd=…`. */
export function rangeText(names: BoundNames, r: Range): string {
  return Object.entries(rangeQuery(names, r))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** Which bounds a range has: 'start alone', 'end alone' or 'both bounds', and their forms. */
export function rangeShape(r: Range): string {
  const forms = [r.start?.form, r.end?.form].filter(Boolean).join('/');
  return `${r.start && r.end ? 'both bounds' : r.start ? 'start alone' : 'end alone'} (${forms})`;
}

export type Placement = 'inside' | 'outside' | 'unsure';

/** Where a time lies against a range under every reading of both: surely inside, surely outside, or unsure. */
export function rangePlacement(at: Span, r: Range): Placement {
  const before = r.start !== undefined && at.hi < r.start.span.lo - ROUNDING_MS;
  const after = r.end !== undefined && at.lo > r.end.span.hi + ROUNDING_MS;
  if (before || after) return 'outside';
  const fromStart = r.start === undefined || at.lo >= r.start.span.hi + ROUNDING_MS;
  const toEnd = r.end === undefined || at.hi <= r.end.span.lo - ROUNDING_MS;
  return fromStart && toEnd ? 'inside' : 'unsure';
}

/** A day as the instants it holds (UTC), for answers that name days (the slots). */
export const daySpan = (day: string): Span => ({ lo: midnight(day), hi: midnight(day) + DAY_MS - 1 });

/** A record whose time the check knows (it made it, or read it first). */
export interface KnownTime {
  id: string;
  at: Span;
  /** How its time is known, for messages: 'created starting 2026-05-06 10:00'. */
  why: string;
}

/** A record a listing returned, with its time where the check could locate one. */
export interface ShownTime {
  /** The record's id, where it shows one. */
  id?: string;
  label: string;
  at?: Span;
}

/**
 * One listing of a range as a filter case: the known records surely inside must come back, those
 * surely outside must stay out (absence proven only by a listing read to its end), and no record
 * the listing shows may lie surely outside.
 */
export function rangeCase(o: {
  range: Range;
  /** The query as sent, for messages. */
  what: string;
  known: readonly KnownTime[];
  /** Ids of the known records the listing returned. */
  returned: readonly string[];
  complete: boolean;
  shown: readonly ShownTime[];
}): FilterCase {
  const placed = o.known.map((k) => ({ k, p: rangePlacement(k.at, o.range) }));
  const timed = o.shown.filter((s) => s.at !== undefined);
  return {
    expected: placed.filter((x) => x.p === 'inside').map(({ k }) => ({ id: k.id, why: `${k.why}, inside ${o.what}` })),
    excluded: placed
      .filter((x) => x.p === 'outside')
      .map(({ k }) => ({ id: k.id, why: `${k.why}, outside ${o.what}` })),
    returned: o.returned,
    complete: o.complete,
    mismatched: timed
      .filter((s) => rangePlacement(s.at!, o.range) === 'outside')
      .map((s) => ({ id: s.id, message: `${s.label}, outside ${o.what} under any reading` })),
    judgedRecords: timed.length,
  };
}
