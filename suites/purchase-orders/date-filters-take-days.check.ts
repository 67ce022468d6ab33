import { isSuccess, parseDateTime, unexpectedStatus, type Failure, type FilterCase } from '../../harness/checks/index.js';
import type { ApiResponse } from '../../harness/client.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { fail, judgeFilter } from '../common/judge.js';
import { collect } from '../common/listing.js';
import { orderIdOf, purchaseOrders, showQuery } from './adapter.js';
import { middleDays } from './days.js';
import { allReads, backendSlices, poSlices, recordsOf, SAMPLE_SIZE, slices, type BackendSlice } from './reads.js';

const filters = [
  { field: 'createdDate', start: 'createdDateStart', end: 'createdDateEnd' },
  { field: 'updatedDate', start: 'updatedDateStart', end: 'updatedDateEnd' },
] as const;

// §4.6: the created and updated date filters accept YYYY-MM-DD and hold, both halves: orders of the
// shared sample surely inside a middle window come back, orders surely outside stay out, and no
// order listed shows a date surely outside. Asked of one backend slice (the one whose sample
// shows most dates), so a fault of the combined list is not judged here. The time zone of a
// date-only bound and whether the end day counts are not shown: a day of slack on each side.
conformance('PO-DATE-FILTERS', async (ctx: CheckContext) => {
  const reads = await poSlices(ctx);
  await ctx.cite(...allReads(reads));
  if (backendSlices.every((n) => isSuccess(reads[n]) && recordsOf(reads[n]).length === 0)) ctx.skip('the company has no purchase orders to choose a window from');
  const refused: Failure[] = [];
  const unjudged: string[] = [];
  const cases = await Promise.all(
    filters.map(async (f): Promise<(FilterCase & { res?: ApiResponse }) | undefined> => {
      const timeOf = (r: Rec) => parseDateTime(r[f.field]);
      const dated = (name: BackendSlice) => recordsOf(reads[name]).filter((r) => timeOf(r) !== undefined && orderIdOf(r));
      const name = [...backendSlices].sort((a, b) => dated(b).length - dated(a).length)[0]!;
      const sample = dated(name);
      const w = middleDays(sample.map((r) => timeOf(r)!));
      if (!w) return void unjudged.push(`fewer than 3 orders of one source show ${f.field}`);
      const query = { ...slices[name].query, [f.start]: w.start, [f.end]: w.end };
      const got = await collect(ctx, purchaseOrders, query, { size: SAMPLE_SIZE, maxPages: 2 });
      if (!got.ok) return void refused.push(unexpectedStatus(got.first, 'a 2xx status', showQuery(query)));
      const shows = (r: Rec) => `${orderIdOf(r)} with ${f.field} ${JSON.stringify(r[f.field])}`;
      const listedTimed = got.records.filter((r) => timeOf(r) !== undefined);
      return {
        expected: sample.filter((r) => w.surelyIn(timeOf(r)!)).map((r) => ({ id: orderIdOf(r)!, why: `${slices[name].label} shows it ${shows(r)}` })),
        excluded: sample.filter((r) => w.surelyOut(timeOf(r)!)).map((r) => ({ id: orderIdOf(r)!, why: `${slices[name].label} shows it ${shows(r)}` })),
        returned: got.ids,
        complete: got.complete,
        mismatched: listedTimed.filter((r) => w.surelyOut(timeOf(r)!)).map((r) => `${showQuery(query)} listed ${shows(r)}`),
        judgedRecords: listedTimed.length,
        othersExist: sample.some((r) => w.surelyOut(timeOf(r)!)),
        res: got.responses.at(-1),
      };
    }),
  );
  if (refused.length) fail('a date filter in the documented YYYY-MM-DD form was refused', ...refused);
  const judged = cases.filter((c): c is FilterCase & { res?: ApiResponse } => c !== undefined);
  if (unjudged.length) ctx.observe('not judged', unjudged);
  if (judged.length === 0) ctx.inconclusive(unjudged.join('; '));
  judgeFilter(ctx, 'GET /purchaseOrders with a created or updated date window', ...judged);
});
