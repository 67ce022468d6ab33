import { isSuccess, middleWindow, updatedStampOf, type FilterCase } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { judgeFilter, precondition } from '../common/judge.js';
import { collect, DAY_MS, isoSeconds } from '../common/listing.js';
import { vehicles } from './adapter.js';
import { vehicleFixture, vehicleSample } from './fixtures.js';

type Window = { start: string; end: string };
const query = (w: Window) => ({ updatedDateStart: w.start, updatedDateEnd: w.end });
/** Records whose located update time (not a documented field, §2.1) lies outside the window. */
const outside = (records: readonly Rec[], w: Window) =>
  records.filter((r) => {
    const t = updatedStampOf(r);
    return t !== undefined && (t < Date.parse(w.start) || t > Date.parse(w.end));
  }).map((r) => `${vehicles.idOf(r)} updated ${new Date(updatedStampOf(r)!).toISOString()}, outside ${w.start} .. ${w.end}`);

/** With the run's own vehicles: created now, so inside a window around now and outside one that ends before the run. */
async function withRunVehicles(ctx: CheckContext, customerId: string): Promise<FilterCase[]> {
  const fx = await vehicleFixture(ctx);
  const started = Date.parse(ctx.run.startedAt);
  const recent = { start: isoSeconds(started - DAY_MS), end: isoSeconds(Date.now() + DAY_MS) };
  const old = { start: '2000-01-01T00:00:00Z', end: isoSeconds(started - 2 * DAY_MS) };
  const mine = (['miles', 'km'] as const).flatMap((role) => {
    const [id, read] = [fx.ids[role], fx.reads[role]];
    return id && read && isSuccess(read) && vehicles.recordIn(read, id) ? [id] : [];
  });
  if (!mine.length) ctx.inconclusive('precondition: no vehicle created by the run could be read back');
  const [inRecent, inOld] = await Promise.all([collect(ctx, vehicles, { customerId, ...query(recent) }), collect(ctx, vehicles, { customerId, ...query(old) })]);
  await ctx.cite(...inRecent.responses, ...inOld.responses);
  precondition(ctx, inRecent.first, `GET /vehicles?customerId=${customerId} with an updated window`);
  precondition(ctx, inOld.first, `GET /vehicles?customerId=${customerId} with an updated window`);
  return [
    { expected: mine.map((id) => ({ id, why: `the run created it, so it was last updated inside ${recent.start} .. ${recent.end}` })), excluded: [], returned: inRecent.ids, complete: inRecent.complete, mismatched: outside(inRecent.records, recent) },
    { expected: [], excluded: mine.map((id) => ({ id, why: `the run created it after ${old.end}` })), returned: inOld.ids, complete: inOld.complete, mismatched: outside(inOld.records, old) },
  ];
}

/** Without writes: update times located in the sampled records, a window over their middle half. */
async function withLocatedTimes(ctx: CheckContext): Promise<FilterCase[]> {
  const sample = await vehicleSample(ctx);
  precondition(ctx, sample, 'GET /vehicles');
  await ctx.cite(sample);
  const sampled = vehicles.records(sample);
  const w = ctx.need(middleWindow(sampled), 'the vehicle records show no update time to choose a window from (not a documented field, §2.1)');
  const got = await collect(ctx, vehicles, query(w));
  await ctx.cite(...got.responses);
  precondition(ctx, got.first, 'GET /vehicles with an updated window');
  const at = (r: Rec) => updatedStampOf(r)!;
  const [s, e] = [Date.parse(w.start), Date.parse(w.end)];
  const timed = sampled.filter((r) => updatedStampOf(r) !== undefined && vehicles.idOf(r));
  return [{
    expected: timed.filter((r) => at(r) > s && at(r) < e).map((r) => ({ id: vehicles.idOf(r)!, why: `the list shows it updated ${new Date(at(r)).toISOString()}` })),
    excluded: timed.filter((r) => at(r) < s - 1000 || at(r) > e + 1000).map((r) => ({ id: vehicles.idOf(r)!, why: `the list shows it updated ${new Date(at(r)).toISOString()}` })),
    returned: got.ids,
    complete: got.complete,
    mismatched: outside(got.records, w),
  }];
}

// §4.1 updatedDateStart / updatedDateEnd (ISO 8601): vehicles last updated inside the window come
// back, the others stay out; nothing comes back for a window that lies wholly in the future.
conformance('VEHICLE-FILTER-UPDATED', async (ctx: CheckContext) => {
  const future = { start: isoSeconds(Date.now() + 2 * DAY_MS), end: isoSeconds(Date.now() + 3 * DAY_MS) };
  const [cases, inFuture] = await Promise.all([
    ctx.run.mode === 'full' && ctx.target.customerId ? withRunVehicles(ctx, ctx.target.customerId) : withLocatedTimes(ctx),
    vehicles.list(ctx, { ...query(future), size: 10, page: 1 }),
  ]);
  await ctx.cite(inFuture);
  precondition(ctx, inFuture, 'GET /vehicles with an updated window in the future');
  const leaked = vehicles.records(inFuture).map((r) => `${vehicles.idOf(r)} came back for ${future.start} .. ${future.end}, a window wholly in the future`);
  judgeFilter(ctx, 'GET /vehicles with updatedDateStart/updatedDateEnd', ...cases, { expected: [], excluded: [], returned: [], complete: true, mismatched: leaked });
});
