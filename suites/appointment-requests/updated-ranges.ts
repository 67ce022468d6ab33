import { addDays, boundAtInstant, boundOnDay, dayOf, rangeQuery, type Range } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import { collect, DAY_MS, type Listing } from '../common/listing.js';
import { formsToProbe } from '../common/ranges.js';
import { appointmentRequests } from './adapter.js';
import type { Stamped } from './fixtures.js';

/**
 * The updated-date ranges of §4.5 (updatedDateStart/End) that APPT-FILTER-UPDATED-DATE reads, chosen
 * around the update times the plain list shows, each read once per run.
 */
export const names = { start: 'updatedDateStart', end: 'updatedDateEnd' };
/** An end before any update a company can hold. */
const LONG_AGO = '2000-01-01';

/** A few sampled requests spread over their update times: the first, the last and one between. */
function spread(stamped: readonly Stamped[], count: number): Stamped[] {
  const sorted = [...stamped].sort((a, b) => a.at.utc - b.at.utc);
  if (sorted.length <= count) return sorted;
  return [
    ...new Set(
      Array.from({ length: count }, (_, i) => sorted[Math.round((i * (sorted.length - 1)) / Math.max(1, count - 1))]!),
    ),
  ];
}

/**
 * The ranges read: around each pick, both bounds a second either side of its update time; each
 * bound alone where nothing can lie beyond it (a start two days ahead, an end long ago), in the
 * forms of §4.5 list rule 1 (one per bound under rate limits, from the seed); in a full run also
 * the future window with both bounds, and each bound alone at the first and the last pick.
 */
function rangesOf(ctx: CheckContext, picks: readonly Stamped[]): { range: Range; maxPages?: number }[] {
  const forms = formsToProbe(ctx, 'updatedDate', ['date', 'datetime']);
  const ahead = addDays(dayOf(new Date()), 2);
  const ranges: { range: Range; maxPages?: number }[] = [
    ...picks.map((p) => ({
      range: { start: boundAtInstant('start', p.at.lo - 1000), end: boundAtInstant('end', p.at.hi + 1000) },
    })),
    ...forms.start.map((f) => ({ range: { start: boundOnDay('start', ahead, f) }, maxPages: 1 })),
    ...forms.end.map((f) => ({ range: { end: boundOnDay('end', LONG_AGO, f) }, maxPages: 1 })),
  ];
  if (ctx.frugal) return ranges;
  const [first, last] = [picks[0]!, picks.at(-1)!];
  return [
    ...ranges,
    {
      range: {
        start: boundAtInstant('start', Date.now() + 2 * DAY_MS),
        end: boundAtInstant('end', Date.now() + 3 * DAY_MS),
      },
      maxPages: 1,
    },
    { range: { start: boundAtInstant('start', last.at.lo - 1000) }, maxPages: 2 },
    { range: { end: boundAtInstant('end', first.at.hi + 1000) }, maxPages: 2 },
  ];
}

/**
 * The ranges read, each listed (a shared read: the combined-filters check judges the windows of both
 * bounds again, beside paging, at no cost).
 */
export function updatedRangeReads(
  ctx: CheckContext,
  stamped: readonly Stamped[],
): Promise<{ range: Range; listing: Listing }[]> {
  return ctx.shared('appointmentRequests:updated-ranges', (s) =>
    Promise.all(
      rangesOf(s, spread(stamped, s.frugal ? 2 : 3)).map(async ({ range, maxPages }) => ({
        range,
        listing: await collect(s, appointmentRequests, rangeQuery(names, range), { maxPages }),
      })),
    ),
  );
}
