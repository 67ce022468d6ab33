import {
  addDays,
  boundOf,
  isSuccess,
  rangeCase,
  rangePlacement,
  rangeQuery,
  rangeShape,
  rangeText,
  type Range,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import { answersOf, judgeFilter, precondition, type JudgedCase } from '../common/judge.js';
import { collect, type Listing } from '../common/listing.js';
import { showSpan } from '../common/ranges.js';
import { appointmentRequests } from './adapter.js';
import { appointmentSample, windowAround } from './fixtures.js';
import { startOf, type Instant } from './records.js';

/** An end before any request a company can hold: alone, it keeps every request out. */
const LONG_AGO = '2000-01-01';
const dayOf = (utc: number) => new Date(utc).toISOString().slice(0, 10);

interface Sampled {
  key: string;
  at: Instant;
}

// §4.5 list: appointmentDateStart/End filter on the request's start. A run that may not write
// (read-only) judges it on the company's existing requests: the first page of the plain list is
// what it knows, their starts (found by name, else by value, records.ts) are the values the
// filter is tried with. A window of days around a sampled start lists the sampled requests
// starting inside it and none outside; the end alone long ago lists none. Requests are told apart
// by their content (§2.5 shows no id); one that changed between the reads is not judged. The
// legacy aliases (APPT-LEGACY-ALIAS) are judged the same way. A full run judges both clauses on its
// own requests (filter-appointment-date-holds.check.ts, legacy-aliases-filter-alone.check.ts).
for (const { clause, names, label } of [
  {
    clause: 'APPT-FILTER-APPOINTMENT-DATE',
    names: { start: 'appointmentDateStart', end: 'appointmentDateEnd' },
    label: '',
  },
  // §4.5: the legacy aliases alone filter as the standard names do.
  {
    clause: 'APPT-LEGACY-ALIAS',
    names: { start: 'appointmentStartDate', end: 'appointmentEndDate' },
    label: ' (legacy aliases)',
  },
] as const) {
  const what = (r: Range) => `GET /appointmentRequests?${rangeText(names, r)} (${rangeShape(r)})`;
  conformance(clause, { variant: 'existing requests', needs: ['location'] }, async (ctx: CheckContext) => {
    if (ctx.run.mode === 'full')
      ctx.skip('a run that writes judges this clause on the requests it creates (the check without a variant)');
    const sample = await appointmentSample(ctx);
    precondition(ctx, sample, 'GET /appointmentRequests (the plain list the windows are chosen from)');
    await ctx.cite(sample);
    const sampled: Sampled[] = appointmentRequests.records(sample).flatMap((r) => {
      const at = startOf(r);
      return at ? [{ key: appointmentRequests.idOf(r)!, at }] : [];
    });
    if (sampled.length < 2)
      ctx.inconclusive(
        `no window to judge: only ${sampled.length} of the sampled requests show a start the run can read (§2.5 shows no field)`,
      );
    const pick = seededFaker(ctx.seed, `appointment-date-existing:${clause}`).helpers.arrayElement(sampled);
    const w = windowAround(dayOf(pick.at.utc));
    const ranges: Range[] = [
      { start: boundOf('start', w.start), end: boundOf('end', w.end) },
      { end: boundOf('end', LONG_AGO) },
      { start: boundOf('start', addDays(dayOf(Math.max(...sampled.map((s) => s.at.hi))), 3)) },
    ];
    const reads: { range: Range; listing: Listing }[] = await Promise.all(
      ranges.map(async (range, i) => ({
        range,
        listing: await collect(ctx, appointmentRequests, rangeQuery(names, range), { maxPages: i === 0 ? 3 : 1 }),
      })),
    );
    for (const { range, listing } of reads) {
      await ctx.cite(...listing.responses);
      precondition(ctx, listing.first, what(range));
    }
    // A sampled request changed between the reads shows another content: judged only if the plain list still shows it as sampled.
    const leftOut = reads.flatMap(({ range, listing }) =>
      listing.complete
        ? sampled.filter((x) => rangePlacement(x.at, range) === 'inside' && !listing.ids.includes(x.key))
        : [],
    );
    let moved = new Set<string>();
    if (leftOut.length) {
      const again = await appointmentRequests.list(ctx, { size: 100, page: 1 });
      if (isSuccess(again)) {
        const now = new Set(appointmentRequests.records(again).map((r) => appointmentRequests.idOf(r)));
        moved = new Set(leftOut.filter((x) => !now.has(x.key)).map((x) => x.key));
        if (moved.size) ctx.observe('changed between the reads', [...moved]);
      }
    }
    const known = sampled
      .filter((x) => !moved.has(x.key))
      .map((x) => ({ id: x.key, at: x.at, why: `the plain list shows it starting ${showSpan(x.at)}` }));
    const cases: JudgedCase[] = reads.map(({ range, listing }) => ({
      ...rangeCase({
        range,
        what: what(range),
        known,
        returned: listing.ids,
        complete: listing.complete,
        shown: listing.records.map((r) => ({
          id: appointmentRequests.idOf(r),
          label: `request ${appointmentRequests.idOf(r)} (starting ${showSpan(startOf(r))})`,
          at: startOf(r),
        })),
      }),
      ...answersOf(listing, appointmentRequests),
    }));
    judgeFilter(ctx, `GET /appointmentRequests with ${names.start}, ${names.end} or both${label}`, ...cases);
  });
}
