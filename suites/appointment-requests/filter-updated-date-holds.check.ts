import { isSuccess, type FilterCase } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeFilter, precondition } from '../common/judge.js';
import { DAY_MS, isoSeconds } from '../common/listing.js';
import { appointmentRequests } from './adapter.js';
import { appointmentSample, updatedMiddle, type Stamped } from './fixtures.js';
import { insideStamps, instantOf, outsideStamps, updatedAtOf } from './records.js';

const label = (id: string | undefined, v: unknown) => `${id ?? '(no id)'} updated ${JSON.stringify(v)}`;

// §4.5 list: updatedDateStart/End filter on the last update. No update is documented, so the run
// cannot make one: the window spans the middle half of the update times the first page of the
// plain list shows (ISO whole seconds). Sampled requests updated inside it come back, those updated
// outside stay out, no returned request shows an update time outside it, and a window wholly in
// the future lists no request that shows one. Requests whose updatedAt is null are
// APPT-UPDATED-NULL-EXCLUDED's rule and are not judged here; a time without a zone is judged with
// ±14 h of slack (the zone is not shown).
conformance('APPT-FILTER-UPDATED-DATE', { needs: ['location'] }, async (ctx: CheckContext) => {
  const future = { start: isoSeconds(Date.now() + 2 * DAY_MS), end: isoSeconds(Date.now() + 3 * DAY_MS) };
  const [sample, middle, inFuture] = await Promise.all([
    appointmentSample(ctx),
    updatedMiddle(ctx),
    appointmentRequests.list(ctx, { updatedDateStart: future.start, updatedDateEnd: future.end, size: 100, page: 1 }),
  ]);
  precondition(ctx, sample, 'GET /appointmentRequests (the plain list the window is chosen from)');
  await ctx.cite(sample, ...(middle.listing?.responses ?? []));
  precondition(ctx, inFuture, `GET /appointmentRequests?updatedDateStart=${future.start}&updatedDateEnd=${future.end}`);
  const w = ctx.need(middle.window, `no window to judge: ${middle.missing ?? 'no update time located'} (updatedAt is named by §4.5 rule 4, its form is not shown)`);
  const listing = ctx.need(middle.listing, 'the updated window was not read');
  precondition(ctx, listing.first, `GET /appointmentRequests?updatedDateStart=${w.start}&updatedDateEnd=${w.end}`);
  const [s, e] = [Date.parse(w.start), Date.parse(w.end)];
  const [fs, fe] = [Date.parse(future.start), Date.parse(future.end)];
  const timed = middle.stamped.filter((x) => x.id);
  const outside = (records: readonly Record<string, unknown>[], from: number, to: number, what: string) =>
    records.flatMap((r) => {
      const at = instantOf(updatedAtOf(r));
      return at && outsideStamps(at, from, to) ? [`${label(appointmentRequests.idOf(r), updatedAtOf(r))}, outside ${what}`] : [];
    });
  // On a shared target a sampled request may be updated between the two reads: one that comes
  // back showing another update time than sampled moved, and proves nothing either way.
  const asListed = new Map(listing.records.map((r) => [appointmentRequests.idOf(r), JSON.stringify(updatedAtOf(r))]));
  const unmoved = (x: Stamped) => !asListed.has(x.id) || asListed.get(x.id) === JSON.stringify(updatedAtOf(x.record));
  let expected = timed.filter((x) => insideStamps(x.at, s, e) && unmoved(x));
  const leftOut = expected.filter((x) => !asListed.has(x.id));
  if (leftOut.length && listing.complete) {
    // Only then is the plain list read again: a request left out that shows another update time now was updated meanwhile.
    const again = await appointmentRequests.list(ctx, { size: 100, page: 1 });
    if (isSuccess(again)) {
      const now = new Map(appointmentRequests.records(again).map((r) => [appointmentRequests.idOf(r), JSON.stringify(updatedAtOf(r))]));
      const moved = leftOut.filter((x) => now.get(x.id) !== JSON.stringify(updatedAtOf(x.record)));
      if (moved.length) ctx.observe('updated between the reads', moved.map((x) => x.id));
      expected = expected.filter((x) => !moved.includes(x));
    }
  }
  const cases: FilterCase[] = [
    {
      expected: expected.map((x) => ({ id: x.id!, why: `the plain list shows it updated ${JSON.stringify(updatedAtOf(x.record))}` })),
      excluded: timed.filter((x) => outsideStamps(x.at, s, e) && unmoved(x)).map((x) => ({ id: x.id!, why: `the plain list shows it updated ${JSON.stringify(updatedAtOf(x.record))}` })),
      returned: listing.ids,
      complete: listing.complete,
      mismatched: outside(listing.records, s, e, `${w.start} .. ${w.end}`),
    },
    { expected: [], excluded: [], returned: [], complete: true, mismatched: outside(appointmentRequests.records(inFuture), fs, fe, `${future.start} .. ${future.end}, a window wholly in the future`) },
  ];
  judgeFilter(ctx, 'GET /appointmentRequests with updatedDateStart/updatedDateEnd', ...cases);
});
