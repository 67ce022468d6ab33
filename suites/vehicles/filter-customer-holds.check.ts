import { conformance, type CheckContext } from '../../harness/conformance.js';
import { answersOf, judgeFilter, precondition } from '../common/judge.js';
import { vehicles } from './adapter.js';
import { customerListing, ownerOf } from './filters.js';

// §4.1 GET /vehicles?customerId=: that customer's vehicles come back, and no other customer's.
conformance('VEHICLE-FILTER-CUSTOMER', async (ctx: CheckContext) => {
  const { customerId, expected, others, sample, listing: got } = await customerListing(ctx);
  await ctx.cite(sample, ...got.responses);
  precondition(ctx, got.first, `GET /vehicles?customerId=${customerId}`);
  const shown = got.records.filter((r) => ownerOf(r) !== undefined);
  judgeFilter(ctx, `GET /vehicles?customerId=${customerId}`, {
    expected,
    excluded: others.map((r) => ({ id: vehicles.idOf(r)!, why: `it belongs to customer ${ownerOf(r)}` })),
    returned: got.ids,
    complete: got.complete,
    mismatched: shown
      .filter((r) => ownerOf(r) !== customerId)
      .map((r) => ({ id: vehicles.idOf(r), message: `${vehicles.idOf(r)} has customerId ${ownerOf(r)}` })),
    judgedRecords: shown.length,
    othersExist: others.length > 0,
    ...answersOf(got, vehicles),
  });
});
