import {
  boundOf,
  isSuccess,
  parseDateTime,
  rangeCase,
  rangePlacement,
  rangeShape,
  unexpectedStatus,
  type Failure,
  type Range,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { answersOf, fail, judgeFilterSettled, recheckBy, type JudgedCase } from '../common/judge.js';
import { collect } from '../common/listing.js';
import { seededPick } from '../common/ranges.js';
import { orderIdOf, purchaseOrders, showQuery } from './adapter.js';
import { dateFilters as filters, isDataShortage, poDateReads, type DateFilter } from './date-reads.js';
import { allReads, backendSlices, poSlices, recordsOf, SAMPLE_SIZE, slices } from './reads.js';

/**
 * The ranges asked of each filter: both bounds on the middle window, and each bound alone on its
 * day. Under rate limits one filter (from the seed) is asked each bound alone, the other both
 * together, so every run sends each bound alone and both together.
 */
function shapesOf(ctx: CheckContext): Record<DateFilter['field'], ('both' | 'start' | 'end')[]> {
  if (!ctx.frugal) return { createdDate: ['both', 'start', 'end'], updatedDate: ['both', 'start', 'end'] };
  // The pair of each filter is read anyway (shared with the pairwise check): only the bounds alone are sampled.
  const alone = seededPick(ctx, 'po-date-filters', filters).field;
  ctx.observe(`each bound alone under rate limits (SEED ${ctx.seed})`, `${alone}; the other filter with both bounds`);
  return alone === 'createdDate'
    ? { createdDate: ['both', 'start', 'end'], updatedDate: ['both'] }
    : { createdDate: ['both'], updatedDate: ['both', 'start', 'end'] };
}

// §4.6: the created and updated date filters accept YYYY-MM-DD and hold, each bound alone and both
// together, both halves: orders of the shared sample surely inside a range come back, orders
// surely outside stay out, and no order listed shows a date surely outside (the one range judge of
// harness/checks/ranges.ts: the zone of a date-only bound and whether the end day counts are not
// shown). The ranges sit on a middle window of the sample's dates. Asked of one backend slice (the
// one whose sample shows most dates), so a fault of the combined list is not judged here.
conformance('PO-DATE-FILTERS', async (ctx: CheckContext) => {
  const reads = await poSlices(ctx);
  await ctx.cite(...allReads(reads));
  if (backendSlices.every((n) => isSuccess(reads[n]) && recordsOf(reads[n]).length === 0))
    ctx.skip('the company has no purchase orders to choose a window from');
  const { reads: dated, unjudged } = await poDateReads(ctx);
  const refused: Failure[] = [];
  const judged: JudgedCase[] = [];
  const shapes = shapesOf(ctx);
  const cases = await Promise.all(
    dated.flatMap((d) => {
      const { filter: f, slice: name, sample } = d;
      const timeOf = (r: Rec) => parseDateTime(r[f.field]);
      const [start, end] = [boundOf('start', d.window.start), boundOf('end', d.window.end)];
      const shows = (r: Rec) => `${orderIdOf(r)} with ${f.field} ${JSON.stringify(r[f.field])}`;
      // Both bounds are the shared read (the pairwise check judges it too); each bound alone is read here.
      return shapes[f.field].map(async (shape): Promise<JudgedCase | undefined> => {
        const range: Range = shape === 'both' ? { start, end } : shape === 'start' ? { start } : { end };
        const query = {
          ...slices[name].query,
          ...(range.start ? { [f.start]: d.window.start } : {}),
          ...(range.end ? { [f.end]: d.window.end } : {}),
        };
        const got =
          shape === 'both' ? d.listing : await collect(ctx, purchaseOrders, query, { size: SAMPLE_SIZE, maxPages: 2 });
        await ctx.cite(...got.responses);
        if (!got.ok) return void refused.push(unexpectedStatus(got.first, 'a 2xx status', showQuery(query)));
        const at = (r: Rec) => ({ lo: timeOf(r)!, hi: timeOf(r)! });
        const c = rangeCase({
          range,
          what: `${showQuery(query)} (${rangeShape(range)})`,
          known: sample.map((r) => ({ id: orderIdOf(r)!, at: at(r), why: `${slices[name].label} shows ${shows(r)}` })),
          returned: got.ids,
          complete: got.complete,
          shown: got.records
            .filter((r) => timeOf(r) !== undefined)
            .map((r) => ({ id: orderIdOf(r), label: `${showQuery(query)} listed ${shows(r)}`, at: at(r) })),
        });
        // The run writes no orders (§4.6): one about to be failed is read again and judged on its date now.
        const recheck = recheckBy((r) => {
          const t = timeOf(r);
          const p = t === undefined ? 'unsure' : rangePlacement({ lo: t, hi: t }, range);
          return p === 'inside' ? true : p === 'outside' ? { out: `it now shows ${shows(r)}` } : undefined;
        });
        return { ...c, othersExist: c.excluded.length > 0, recheck, ...answersOf(got, purchaseOrders) };
      });
    }),
  );
  judged.push(...cases.filter((c): c is JudgedCase => c !== undefined));
  if (refused.length) fail('a date filter in the documented YYYY-MM-DD form was refused', ...refused);
  if (unjudged.length) ctx.observe('not judged', unjudged);
  // Too few dated orders to place a window is the company's data, not an answer the run could not
  // judge: the clause is not exercised on this target, and the headline says so.
  if (judged.length === 0 && !refused.length && unjudged.length && unjudged.every(isDataShortage))
    ctx.skip(`the company's orders cannot place a window: ${unjudged.join('; ')}`);
  if (judged.length === 0) ctx.inconclusive(unjudged.join('; '));
  await judgeFilterSettled(ctx, 'GET /purchaseOrders with a created or updated date range', purchaseOrders, ...judged);
});
