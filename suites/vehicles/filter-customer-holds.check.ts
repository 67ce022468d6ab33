import { conformance, type CheckContext } from '../../harness/conformance.js';
import { answersOf, judgeFilterSettled, precondition, recheckBy } from '../common/judge.js';
import { vehicles } from './adapter.js';
import { customerListing, ownerOf } from './filters.js';

// §4.1 GET /vehicles?customerId=: that customer's vehicles come back, and no other customer's.
conformance('VEHICLE-FILTER-CUSTOMER', async (ctx: CheckContext) => {
  const { customerId, expected, others, sample, listing: got } = await customerListing(ctx);
  await ctx.cite(sample, ...got.responses);
  precondition(ctx, got.first, `GET /vehicles?customerId=${customerId}`);
  const shown = got.records.filter((r) => ownerOf(r) !== undefined);
  // The full run's expected vehicles are its own fixture's; a sampled one about to be failed is read again (another client may move or archive it).
  const own = ctx.run.mode === 'full' && !!ctx.target.customerId;
  const recheck = recheckBy(
    (r) => {
      const owner = ownerOf(r);
      return owner === undefined ? undefined : owner === customerId || { out: `it now belongs to customer ${owner}` };
    },
    (id) => own && expected.some((e) => e.id === id),
  );
  await judgeFilterSettled(ctx, `GET /vehicles?customerId=${customerId}`, vehicles, {
    expected,
    excluded: others.map((r) => ({ id: vehicles.idOf(r)!, why: `it belongs to customer ${ownerOf(r)}` })),
    returned: got.ids,
    complete: got.complete,
    mismatched: shown
      .filter((r) => ownerOf(r) !== customerId)
      .map((r) => ({ id: vehicles.idOf(r), message: `${vehicles.idOf(r)} has customerId ${ownerOf(r)}` })),
    judgedRecords: shown.length,
    othersExist: others.length > 0,
    recheck,
    ...answersOf(got, vehicles),
  });
});
