import { isSuccess, middleWindow, updatedStampOf, type FilterCase } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { judgeFilter, precondition } from '../common/judge.js';
import { collect, DAY_MS, isoSeconds } from '../common/listing.js';
import { items } from './adapter.js';
import { itemFixture, itemSample } from './fixtures.js';

type Window = { start: string; end: string };
const query = (w: Window) => ({ updatedDateStart: w.start, updatedDateEnd: w.end });
/** Records whose located update time (not a documented item field, §2.2) lies outside the window. */
const outside = (records: readonly Rec[], w: Window) =>
  records.filter((r) => {
    const t = updatedStampOf(r);
    return t !== undefined && (t < Date.parse(w.start) || t > Date.parse(w.end));
  }).map((r) => `${items.idOf(r)} updated ${new Date(updatedStampOf(r)!).toISOString()}, outside ${w.start} .. ${w.end}`);

/** The run's part, created now: inside a window around now, outside one ending before the run; narrowed by its unique number. */
async function withRunItem(ctx: CheckContext): Promise<FilterCase[] | undefined> {
  const fx = await itemFixture(ctx);
  const id = fx.ids.part;
  if (!id) return undefined;
  const itemNumber = fx.inputs.part.itemNumber;
  const started = Date.parse(ctx.run.startedAt);
  const recent = { start: isoSeconds(started - DAY_MS), end: isoSeconds(Date.now() + DAY_MS) };
  const old = { start: '2000-01-01T00:00:00Z', end: isoSeconds(started - 2 * DAY_MS) };
  const [inRecent, inOld] = await Promise.all([collect(ctx, items, { itemNumber, ...query(recent) }), collect(ctx, items, { itemNumber, ...query(old) })]);
  await ctx.cite(...inRecent.responses, ...inOld.responses);
  precondition(ctx, inRecent.first, 'GET /items with an updated window');
  precondition(ctx, inOld.first, 'GET /items with an updated window');
  return [
    { expected: [{ id, why: `the run created it, inside ${recent.start} .. ${recent.end}` }], excluded: [], returned: inRecent.ids, complete: inRecent.complete, mismatched: outside(inRecent.records, recent) },
    { expected: [], excluded: [{ id, why: `the run created it after ${old.end}` }], returned: inOld.ids, complete: inOld.complete, mismatched: outside(inOld.records, old) },
  ];
}

/** Without writes: update times located in listed items, a window over their middle half. */
async function withLocatedTimes(ctx: CheckContext): Promise<FilterCase[]> {
  const sample = await itemSample(ctx);
  precondition(ctx, sample, 'GET /items');
  await ctx.cite(sample);
  const sampled = items.records(sample);
  const w = ctx.need(middleWindow(sampled), 'the item records show no update time to choose a window from (not a documented field, §2.2)');
  const got = await collect(ctx, items, query(w));
  await ctx.cite(...got.responses);
  precondition(ctx, got.first, 'GET /items with an updated window');
  const [s, e] = [Date.parse(w.start), Date.parse(w.end)];
  const timed = sampled.filter((r) => updatedStampOf(r) !== undefined && items.idOf(r));
  const at = (r: Rec) => updatedStampOf(r)!;
  return [{
    expected: timed.filter((r) => at(r) > s && at(r) < e).map((r) => ({ id: items.idOf(r)!, why: `the list shows it updated ${new Date(at(r)).toISOString()}` })),
    excluded: timed.filter((r) => at(r) < s - 1000 || at(r) > e + 1000).map((r) => ({ id: items.idOf(r)!, why: `the list shows it updated ${new Date(at(r)).toISOString()}` })),
    returned: got.ids,
    complete: got.complete,
    mismatched: outside(got.records, w),
  }];
}

// §4.2 updatedDateStart / updatedDateEnd (ISO 8601): items last updated inside the window come back,
// the others stay out, and nothing comes back for a window wholly in the future.
conformance('ITEM-FILTER-UPDATED', async (ctx: CheckContext) => {
  const future = { start: isoSeconds(Date.now() + 2 * DAY_MS), end: isoSeconds(Date.now() + 3 * DAY_MS) };
  const [own, inFuture] = await Promise.all([ctx.run.mode === 'full' ? withRunItem(ctx) : undefined, items.list(ctx, { ...query(future), size: 10, page: 1 })]);
  const cases = own ?? (await withLocatedTimes(ctx));
  await ctx.cite(inFuture);
  precondition(ctx, inFuture, 'GET /items with an updated window in the future');
  const leaked = items.records(inFuture).map((r) => `${items.idOf(r)} came back for ${future.start} .. ${future.end}, a window wholly in the future`);
  judgeFilter(ctx, 'GET /items with updatedDateStart/updatedDateEnd', ...cases, { expected: [], excluded: [], returned: [], complete: true, mismatched: leaked });
});
