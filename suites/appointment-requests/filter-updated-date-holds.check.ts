import { isSuccess, rangeCase, rangePlacement, rangeShape, rangeText, type Range } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { answersOf, judgeFilter, precondition, type JudgedCase } from '../common/judge.js';
import { showSpan } from '../common/ranges.js';
import { appointmentRequests } from './adapter.js';
import { appointmentSample, updatedSample, type Stamped } from './fixtures.js';
import { names, updatedRangeReads } from './updated-ranges.js';
import { instantOf, updatedAtOf } from './records.js';

const what = (r: Range) => `GET /appointmentRequests?${rangeText(names, r)} (${rangeShape(r)})`;

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
  // Fewer than two requests with an update time is the company's data (no update is documented, so
  // the run cannot make one): the clause is not exercised here, and the headline says so.
  // A request whose update time is a value the run cannot read is not a shortage of data.
  const unread = isSuccess(sample)
    ? appointmentRequests.records(sample).filter((r) => {
        const v = updatedAtOf(r);
        return v !== null && v !== undefined && v !== '' && !instantOf(v);
      }).length
    : 0;
  if (!sampled.missing && sampled.stamped.length < 2 && unread === 0)
    ctx.skip(
      `the company's requests cannot place a window: only ${sampled.stamped.length} of the first page's show an update time, the others null (no update is documented)`,
    );
  if (sampled.missing || sampled.stamped.length < 2) {
    ctx.inconclusive(
      `no window to judge: ${sampled.missing ?? `only ${sampled.stamped.length} sampled request(s) show an update time the run can read`} (updatedAt is named by §4.5 rule 4, its form is not shown)`,
    );
  }
  const reads = await updatedRangeReads(ctx, sampled.stamped);
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
        label: `request ${appointmentRequests.idOf(r)} (updated ${showSpan(instantOf(updatedAtOf(r)))})`,
        id: appointmentRequests.idOf(r),
        at: instantOf(updatedAtOf(r)),
      })),
    }),
    ...answersOf(listing, appointmentRequests),
  }));
  judgeFilter(ctx, 'GET /appointmentRequests with updatedDateStart, updatedDateEnd or both', ...cases);
});
