import type { Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import {
  rangeCase,
  rangeQuery,
  rangeShape,
  rangeText,
  type BoundForm,
  type BoundNames,
  type Edge,
  type KnownTime,
  type Range,
  type Span,
} from '../../harness/checks/index.js';
import type { FilterCase } from '../../harness/checks/index.js';
import { seededFaker } from '../../generators/random.js';
import type { Rec, ResourceAdapter } from './adapter.js';
import { collect, type Listing } from './listing.js';

/**
 * Both bounds of a range, alone and together (the both-bounds technique of contract/techniques.ts):
 * how a check picks the forms it sends each bound in, reads a range through a resource's adapter,
 * and judges the listing with the one range judge (harness/checks/ranges.ts).
 */

/** One of `options`, chosen from the seed and a label (the same run picks the same one). */
export function seededPick<T>(ctx: CheckContext, label: string, options: readonly T[]): T {
  return seededFaker(ctx.seed, label).helpers.arrayElement(options);
}

/**
 * The forms each bound of a range is probed in alone: every accepted form in a full run; under
 * rate limits one per bound, picked from the seed and recorded as an observation.
 */
export function formsToProbe(
  ctx: CheckContext,
  label: string,
  accepted: readonly BoundForm[],
): Record<Edge, BoundForm[]> {
  if (!ctx.frugal || accepted.length < 2) return { start: [...accepted], end: [...accepted] };
  const picked = {
    start: [seededPick(ctx, `${label}:start`, accepted)],
    end: [seededPick(ctx, `${label}:end`, accepted)],
  };
  ctx.observe(`${label}: forms sampled under rate limits (SEED ${ctx.seed})`, {
    start: picked.start[0],
    end: picked.end[0],
  });
  return picked;
}

/** What a range filters in one list: the names of its bounds and where a record shows its time. */
export interface RangeSubject {
  adapter: ResourceAdapter;
  names: BoundNames;
  /** Parameters sent with every probe (a documented filter that narrows the list to the run's records). */
  narrow?: Query;
  /** The instants a listed record's time may be, when the record shows one. */
  timeOf(r: Rec): Span | undefined;
}

/** A listing of one range, read to its end (at most `maxPages`), with the query as sent. */
export interface RangeRead {
  range: Range;
  what: string;
  listing: Listing;
}

export async function readRange(
  ctx: CheckContext,
  s: RangeSubject,
  range: Range,
  o: { maxPages?: number; size?: number } = {},
): Promise<RangeRead> {
  const narrow = s.narrow
    ? `&${Object.entries(s.narrow)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join('&')}`
    : '';
  const listing = await collect(
    ctx,
    s.adapter,
    { ...s.narrow, ...rangeQuery(s.names, range) },
    { maxPages: o.maxPages ?? 2, size: o.size },
  );
  return { range, what: `${rangeText(s.names, range)}${narrow} (${rangeShape(range)})`, listing };
}

/** A read judged over records known by id: expected inside, excluded outside, and every listed time. */
export function rangeReadCase(s: RangeSubject, read: RangeRead, known: readonly KnownTime[]): FilterCase {
  const { listing } = read;
  return rangeCase({
    range: read.range,
    what: `GET ${s.adapter.path}?${read.what}`,
    known,
    returned: listing.ids,
    complete: listing.complete,
    shown: listing.records.map((r) => ({
      label: `${s.adapter.idOf(r) ?? '(no id)'} (time ${showSpan(s.timeOf(r))})`,
      at: s.timeOf(r),
    })),
  });
}

/** A span for messages: one instant, or the interval a zone-less time may be. */
export function showSpan(at: Span | undefined): string {
  if (!at) return 'not shown';
  const iso = (t: number) => new Date(t).toISOString().replace(/\.000Z$/, 'Z');
  return at.lo === at.hi ? iso(at.lo) : `${iso(at.lo)}..${iso(at.hi)}`;
}
