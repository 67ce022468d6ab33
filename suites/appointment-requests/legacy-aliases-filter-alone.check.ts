import { boundOf, rangeQuery, rangeShape, rangeText, type Range } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeFilter } from '../common/judge.js';
import { citeFixture, fixtureView, legacyListing, listingShowing } from './fixtures.js';
import { expectListed, standardSeparates, startingInside, windowCase } from './windows.js';

const names = { start: 'appointmentStartDate', end: 'appointmentEndDate' };
const what = (r: Range) => `GET /appointmentRequests?${rangeText(names, r)} (${rangeShape(r)})`;

// §4.5 list: appointmentStartDate/appointmentEndDate are legacy aliases of appointmentDateStart/End.
// Sent alone on W_A, they list A (and L) and leave B and C out, as the standard names do (the
// precondition: the standard names alone separate them, which APPT-FILTER-APPOINTMENT-DATE judges).
// A full run also sends each alias as the only bound: the start on W_B's first day, the end long
// ago, judged like the standard bounds alone (under rate limits the shared pair on W_A only).
// Every run also sends W_A as a mixed pair, the standard start with the legacy end: each bound is
// named once (rule 2 is about both names of one bound), so the legacy end still keeps B and C out.
conformance('APPT-LEGACY-ALIAS', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  standardSeparates(ctx, view);
  const w = view.fx.windows.a;
  const pair: Range = { start: boundOf('start', w.start), end: boundOf('end', w.end) };
  const alone: Range[] = ctx.frugal
    ? []
    : [{ start: boundOf('start', view.fx.windows.b.start) }, { end: boundOf('end', '2000-01-01') }];
  const findable = { ...view.fx.planned, L: view.long.planned };
  const mixedQuery = { appointmentDateStart: w.start, appointmentEndDate: w.end };
  const mixedWhat = `GET /appointmentRequests?appointmentDateStart=${w.start}&appointmentEndDate=${w.end} (a standard start, a legacy end)`;
  const [got, mixed, ...single] = await Promise.all([
    legacyListing(ctx, view),
    listingShowing(ctx, findable, mixedQuery, startingInside(view, pair), mixedWhat, view.fx.writtenAt),
    ...alone.map((r) =>
      listingShowing(ctx, findable, rangeQuery(names, r), startingInside(view, r), what(r), view.fx.writtenAt, {
        maxPages: 2,
        cut: true,
      }),
    ),
  ]);
  await citeFixture(ctx, view);
  await ctx.cite(...got.responses, ...mixed.responses);
  expectListed(ctx, view, got, what(pair));
  // Whether a mixture may be refused is not stated: a refusal is recorded, its reading judged only when answered.
  if (!mixed.ok) ctx.observe('mixed pair refused (not judged)', `${mixedWhat}: HTTP ${mixed.first.status}`);
  single.forEach((l, i) => expectListed(ctx, view, l, what(alone[i]!)));
  judgeFilter(
    ctx,
    'GET /appointmentRequests with the legacy aliases alone',
    windowCase(view, got, pair, what(pair)),
    ...(mixed.ok ? [windowCase(view, mixed, pair, mixedWhat)] : []),
    ...single.map((l, i) => windowCase(view, l, alone[i]!, what(alone[i]!))),
  );
});
