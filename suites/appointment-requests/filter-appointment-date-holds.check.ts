import { boundOf, boundOnDay, rangeQuery, rangeShape, rangeText, type Range } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeFilter } from '../common/judge.js';
import { formsToProbe } from '../common/ranges.js';
import { citeFixture, fixtureView, isoListing, isoWindow, listingShowing, type FixtureView } from './fixtures.js';
import { expectListed, knownRoles, startingInside, windowCase } from './windows.js';

const names = { start: 'appointmentDateStart', end: 'appointmentDateEnd' };
const what = (r: Range) => `GET /appointmentRequests?${rangeText(names, r)} (${rangeShape(r)})`;
const days = (w: { start: string; end: string }): Range => ({
  start: boundOf('start', w.start),
  end: boundOf('end', w.end),
});
/** An end before any request a company can hold: alone, it lists nothing. */
const LONG_AGO = '2000-01-01';

/**
 * Each bound alone, in the forms of §4.5 list rule 1: the start on W_B's first day (B and C start
 * after it, A and L before), the end long ago (every request starts after it); in a full run the
 * end also on W_A's last day (A and L start before it, B and C after). Under rate limits one form
 * per bound, from the seed.
 */
function aloneRanges(ctx: CheckContext, view: FixtureView): Range[] {
  const forms = formsToProbe(ctx, 'appointmentDate', ['date', 'datetime']);
  const ends = ctx.frugal ? [LONG_AGO] : [LONG_AGO, view.fx.windows.a.end];
  return [
    ...forms.start.map((f): Range => ({ start: boundOnDay('start', view.fx.windows.b.start, f) })),
    ...forms.end.flatMap((f) => ends.map((day): Range => ({ end: boundOnDay('end', day, f) }))),
  ];
}

// §4.5 list: appointmentDateStart/End filter on the request's start, each bound alone or both
// together, as YYYY-MM-DD or ISO 8601 (rule 1). The fixture's requests lie a week apart: W_A (two
// days either side of A) lists A and not B or C; W_B (two days before B to two days after C) lists
// B and C and not A; W_A as ISO datetimes lists A. L starts in W_A and ends in W_B, so a bound
// compared with the request's end instead of its start shows. Each bound alone keeps out what lies
// beyond it and nothing else. No listed request may start outside the range under any zone or
// reading of a date-only end (§4.5 shows neither): the one range judge of harness/checks/ranges.ts.
conformance('APPT-FILTER-APPOINTMENT-DATE', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  const { a, b } = view.fx.listings;
  const { windows } = view.fx;
  const [wa, wb, waIso] = [days(windows.a), days(windows.b), days(isoWindow(windows.a))];
  expectListed(ctx, view, a, what(wa));
  expectListed(ctx, view, b, what(wb));
  if (!knownRoles(view).length)
    ctx.inconclusive(
      'precondition: none of the requests the run created was found in any listing (W_A, W_B, the plain list)',
    );
  const findable = { ...view.fx.planned, L: view.long.planned };
  const alone = aloneRanges(ctx, view);
  const [iso, ...aloneReads] = await Promise.all([
    isoListing(ctx, view),
    ...alone.map((r) =>
      listingShowing(ctx, findable, rangeQuery(names, r), startingInside(view, r), what(r), view.fx.writtenAt, {
        maxPages: 2,
        cut: true,
      }),
    ),
  ]);
  await citeFixture(ctx, view);
  await ctx.cite(...iso.responses);
  expectListed(ctx, view, iso, what(waIso));
  aloneReads.forEach((l, i) => expectListed(ctx, view, l, what(alone[i]!)));
  if (!view.long.record)
    ctx.observe(
      'L (starts in W_A, ends in W_B)',
      `not judged: ${view.long.create.status >= 300 ? `its create was refused (HTTP ${view.long.create.status})` : 'not found in W_A, W_B or the plain list'}`,
    );
  judgeFilter(
    ctx,
    'GET /appointmentRequests with appointmentDateStart, appointmentDateEnd or both',
    windowCase(view, a, wa, what(wa)),
    windowCase(view, b, wb, what(wb)),
    windowCase(view, iso, waIso, what(waIso)),
    ...aloneReads.map((l, i) => windowCase(view, l, alone[i]!, what(alone[i]!))),
  );
});
