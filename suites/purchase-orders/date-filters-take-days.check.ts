import { isSuccess, parseDateTime, unexpectedStatus, type Failure, type FilterCase } from '../../harness/checks/index.js';
import type { ApiResponse } from '../../harness/client.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { fail, judgeFilter } from '../common/judge.js';
import { orderIdOf, showQuery } from './adapter.js';
import { poDateReads, windowOf } from './date-reads.js';
import { allReads, backendSlices, poSlices, recordsOf, slices } from './reads.js';

// §4.6: the created and updated date filters accept YYYY-MM-DD and hold, both halves: orders of the
// shared sample surely inside a middle window come back, orders surely outside stay out, and no
// order listed shows a date surely outside. Asked of one backend slice (the one whose sample
// shows most dates), so a fault of the combined list is not judged here. The time zone of a
// date-only bound and whether the end day counts are not shown: a day of slack on each side.
conformance('PO-DATE-FILTERS', async (ctx: CheckContext) => {
  const reads = await poSlices(ctx);
  await ctx.cite(...allReads(reads));
  if (backendSlices.every((n) => isSuccess(reads[n]) && recordsOf(reads[n]).length === 0)) ctx.skip('the company has no purchase orders to choose a window from');
  const { reads: dated, unjudged } = await poDateReads(ctx);
  const refused: Failure[] = [];
  const judged: (FilterCase & { res?: ApiResponse })[] = [];
  for (const d of dated) {
    const { filter: f, slice: name, sample, query, listing: got } = d;
    const w = windowOf(d);
    await ctx.cite(...got.responses);
    if (!got.ok) {
      refused.push(unexpectedStatus(got.first, 'a 2xx status', showQuery(query)));
      continue;
    }
    const timeOf = (r: Rec) => parseDateTime(r[f.field]);
    const shows = (r: Rec) => `${orderIdOf(r)} with ${f.field} ${JSON.stringify(r[f.field])}`;
    const listedTimed = got.records.filter((r) => timeOf(r) !== undefined);
    judged.push({
      expected: sample.filter((r) => w.surelyIn(timeOf(r)!)).map((r) => ({ id: orderIdOf(r)!, why: `${slices[name].label} shows it ${shows(r)}` })),
      excluded: sample.filter((r) => w.surelyOut(timeOf(r)!)).map((r) => ({ id: orderIdOf(r)!, why: `${slices[name].label} shows it ${shows(r)}` })),
      returned: got.ids,
      complete: got.complete,
      mismatched: listedTimed.filter((r) => w.surelyOut(timeOf(r)!)).map((r) => `${showQuery(query)} listed ${shows(r)}`),
      judgedRecords: listedTimed.length,
      othersExist: sample.some((r) => w.surelyOut(timeOf(r)!)),
      res: got.responses.at(-1),
    });
  }
  if (refused.length) fail('a date filter in the documented YYYY-MM-DD form was refused', ...refused);
  if (unjudged.length) ctx.observe('not judged', unjudged);
  if (judged.length === 0) ctx.inconclusive(unjudged.join('; '));
  judgeFilter(ctx, 'GET /purchaseOrders with a created or updated date window', ...judged);
});
