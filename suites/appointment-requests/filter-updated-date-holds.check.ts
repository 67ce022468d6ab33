import {
  addDays,
  boundAtInstant,
  boundOnDay,
  dayOf,
  isSuccess,
  rangeCase,
  rangePlacement,
  rangeQuery,
  rangeShape,
  rangeText,
  type Range,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { answersOf, judgeFilter, precondition, type JudgedCase } from '../common/judge.js';
import { collect, DAY_MS, type Listing } from '../common/listing.js';
import { formsToProbe, showSpan } from '../common/ranges.js';
import { appointmentRequests } from './adapter.js';
import { appointmentSample, updatedSample, type Stamped } from './fixtures.js';
import { instantOf, updatedAtOf } from './records.js';

const names = { start: 'updatedDateStart', end: 'updatedDateEnd' };
const what = (r: Range) => `GET /appointmentRequests?${rangeText(names, r)} (${rangeShape(r)})`;
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

// §4.5 list: updatedDateStart/End filter on the last update, each bound alone or both, as
// YYYY-MM-DD or ISO 8601 (rule 1). No update is documented, so the run cannot make one: the ranges
// are chosen around the update times the first page of the plain list shows (a second either
// side; ±14 h for a time without a zone), so a window is short and read to its end however many
// requests the company has, and each bound alone is set where it keeps out every sampled request.
// Sampled requests inside a range come back, those outside stay out, and no returned request shows
// an update time outside it: the one range judge of harness/checks/ranges.ts. Requests are told
// apart by their content (§2.5 shows no id). Requests whose updatedAt is null are
// APPT-UPDATED-NULL-EXCLUDED's rule.
conformance('APPT-FILTER-UPDATED-DATE', { needs: ['location'] }, async (ctx: CheckContext) => {
  const [sample, sampled] = await Promise.all([appointmentSample(ctx), updatedSample(ctx)]);
  precondition(ctx, sample, 'GET /appointmentRequests (the plain list the windows are chosen from)');
  await ctx.cite(sample);
  if (sampled.missing || sampled.stamped.length < 2) {
    ctx.inconclusive(
      `no window to judge: ${sampled.missing ?? `only ${sampled.stamped.length} sampled request(s) show an update time`} (updatedAt is named by §4.5 rule 4, its form is not shown)`,
    );
  }
  const picks = spread(sampled.stamped, ctx.frugal ? 2 : 3);
  const reads: { range: Range; listing: Listing }[] = await Promise.all(
    rangesOf(ctx, picks).map(async ({ range, maxPages }) => ({
      range,
      listing: await collect(ctx, appointmentRequests, rangeQuery(names, range), { maxPages }),
    })),
  );
  for (const { range, listing } of reads) {
    await ctx.cite(...listing.responses);
    precondition(ctx, listing.first, what(range));
  }
  // On a shared target a sampled request may be updated between the reads: its content (and key)
  // changes. A known request left out is judged only if the plain list, read again, still shows it as sampled.
  const inside = (x: Stamped, r: Range) => rangePlacement(x.at, r) === 'inside';
  const leftOut = reads.flatMap(({ range, listing }) =>
    listing.complete ? sampled.stamped.filter((x) => inside(x, range) && !listing.ids.includes(x.key)) : [],
  );
  let moved = new Set<string>();
  if (leftOut.length) {
    const again = await appointmentRequests.list(ctx, { size: 100, page: 1 });
    if (isSuccess(again)) {
      const now = new Set(appointmentRequests.records(again).map((r) => appointmentRequests.idOf(r)));
      moved = new Set(leftOut.filter((x) => !now.has(x.key)).map((x) => x.key));
      if (moved.size) ctx.observe('updated between the reads', [...moved]);
    }
  }
  const known = sampled.stamped
    .filter((x) => !moved.has(x.key))
    .map((x) => ({
      id: x.key,
      at: x.at,
      why: `the plain list shows it updated ${JSON.stringify(updatedAtOf(x.record))}`,
    }));
  const cases: JudgedCase[] = reads.map(({ range, listing }) => ({
    ...rangeCase({
      range,
      what: what(range),
      known,
      returned: listing.ids,
      complete: listing.complete,
      shown: listing.records.map((r) => ({
        id: appointmentRequests.idOf(r),
        label: `request ${appointmentRequests.idOf(r)} (updated ${showSpan(instantOf(updatedAtOf(r)))})`,
        at: instantOf(updatedAtOf(r)),
      })),
    }),
    ...answersOf(listing, appointmentRequests),
  }));
  judgeFilter(ctx, 'GET /appointmentRequests with updatedDateStart, updatedDateEnd or both', ...cases);
});
