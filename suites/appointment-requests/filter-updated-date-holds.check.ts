import { isSuccess, type FilterCase } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeFilter, precondition } from '../common/judge.js';
import { collect, DAY_MS, isoSeconds } from '../common/listing.js';
import { appointmentRequests } from './adapter.js';
import { appointmentSample, updatedSample, type Stamped } from './fixtures.js';
import { insideStamps, instantOf, outsideStamps, updatedAtOf } from './records.js';

const label = (x: { key: string; record: Record<string, unknown> }) => `request ${x.key} (updated ${JSON.stringify(updatedAtOf(x.record))})`;

/** A few sampled requests spread over their update times: the first, the last and one between. */
function spread(stamped: readonly Stamped[], count: number): Stamped[] {
  const sorted = [...stamped].sort((a, b) => a.at.utc - b.at.utc);
  if (sorted.length <= count) return sorted;
  return [...new Set(Array.from({ length: count }, (_, i) => sorted[Math.round((i * (sorted.length - 1)) / Math.max(1, count - 1))]!))];
}

// §4.5 list: updatedDateStart/End filter on the last update. No update is documented, so the run
// cannot make one: the windows are chosen around the update times the first page of the plain list
// shows, each just wide enough to hold one sampled request under any reading of its time (a second
// either side; ±14 h for a time without a zone), so the filtered list is short and read to its end
// however many requests the company has. Sampled requests updated inside a window come back, those
// updated outside stay out, no returned request shows an update time outside it, and a window
// wholly in the future lists no request that shows one. Requests are told apart by their content
// (§2.5 shows no id). Requests whose updatedAt is null are APPT-UPDATED-NULL-EXCLUDED's rule.
conformance('APPT-FILTER-UPDATED-DATE', { needs: ['location'] }, async (ctx: CheckContext) => {
  const future = { start: isoSeconds(Date.now() + 2 * DAY_MS), end: isoSeconds(Date.now() + 3 * DAY_MS) };
  const [sample, sampled, inFuture] = await Promise.all([
    appointmentSample(ctx),
    updatedSample(ctx),
    appointmentRequests.list(ctx, { updatedDateStart: future.start, updatedDateEnd: future.end, size: 100, page: 1 }),
  ]);
  precondition(ctx, sample, 'GET /appointmentRequests (the plain list the windows are chosen from)');
  await ctx.cite(sample, inFuture);
  precondition(ctx, inFuture, `GET /appointmentRequests?updatedDateStart=${future.start}&updatedDateEnd=${future.end}`);
  if (sampled.missing || sampled.stamped.length < 2) {
    ctx.inconclusive(`no window to judge: ${sampled.missing ?? `only ${sampled.stamped.length} sampled request(s) show an update time`} (updatedAt is named by §4.5 rule 4, its form is not shown)`);
  }
  const outside = (records: readonly Record<string, unknown>[], from: number, to: number, what: string) =>
    records.flatMap((r) => {
      const at = instantOf(updatedAtOf(r));
      return at && outsideStamps(at, from, to) ? [`${label({ key: appointmentRequests.idOf(r)!, record: r })}, outside ${what}`] : [];
    });
  const picks = spread(sampled.stamped, ctx.frugal ? 2 : 3);
  const reads = await Promise.all(
    picks.map(async (pick) => {
      const w = { start: isoSeconds(pick.at.lo - 1000), end: isoSeconds(Math.ceil(pick.at.hi / 1000) * 1000 + 1000) };
      return { w, listing: await collect(ctx, appointmentRequests, { updatedDateStart: w.start, updatedDateEnd: w.end }) };
    }),
  );
  for (const { w, listing } of reads) {
    await ctx.cite(...listing.responses);
    precondition(ctx, listing.first, `GET /appointmentRequests?updatedDateStart=${w.start}&updatedDateEnd=${w.end}`);
  }
  // On a shared target a sampled request may be updated between the reads: its content (and key)
  // changes. A known request left out is judged only if the plain list, read again, still shows it as sampled.
  const leftOut = reads.flatMap(({ w, listing }) => (listing.complete ? sampled.stamped.filter((x) => insideStamps(x.at, Date.parse(w.start), Date.parse(w.end)) && !listing.ids.includes(x.key)) : []));
  let moved = new Set<string>();
  if (leftOut.length) {
    const again = await appointmentRequests.list(ctx, { size: 100, page: 1 });
    if (isSuccess(again)) {
      const now = new Set(appointmentRequests.records(again).map((r) => appointmentRequests.idOf(r)));
      moved = new Set(leftOut.filter((x) => !now.has(x.key)).map((x) => x.key));
      if (moved.size) ctx.observe('updated between the reads', [...moved]);
    }
  }
  const cases: FilterCase[] = reads.map(({ w, listing }) => {
    const [s, e] = [Date.parse(w.start), Date.parse(w.end)];
    const known = (x: Stamped) => ({ id: x.key, why: `the plain list shows it updated ${JSON.stringify(updatedAtOf(x.record))}` });
    return {
      expected: sampled.stamped.filter((x) => insideStamps(x.at, s, e) && !moved.has(x.key)).map(known),
      excluded: sampled.stamped.filter((x) => outsideStamps(x.at, s, e)).map(known),
      returned: listing.ids,
      complete: listing.complete,
      mismatched: outside(listing.records, s, e, `${w.start} .. ${w.end}`),
    };
  });
  const [fs, fe] = [Date.parse(future.start), Date.parse(future.end)];
  cases.push({ expected: [], excluded: [], returned: [], complete: true, mismatched: outside(appointmentRequests.records(inFuture), fs, fe, `${future.start} .. ${future.end}, a window wholly in the future`) });
  judgeFilter(ctx, 'GET /appointmentRequests with updatedDateStart/updatedDateEnd', ...cases);
});
