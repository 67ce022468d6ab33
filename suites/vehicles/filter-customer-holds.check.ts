import { fieldValue } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { judgeFilter, precondition } from '../common/judge.js';
import { collect, collectShowing, showsIds } from '../common/listing.js';
import { vehicles } from './adapter.js';
import { fixtureReads, vehicleFixture, vehicleSample, type VehicleRole } from './fixtures.js';

const ownerOf = (r: Rec) => {
  const v = fieldValue(r, ['customerId']);
  return v === undefined || v === null || v === '' ? undefined : String(v);
};
/** Roles no check archives: whether an inactive vehicle is still listed is not shown. */
const listedRoles: VehicleRole[] = ['miles', 'km', 'update-a', 'update-b'];

// §4.1 GET /vehicles?customerId=: that customer's vehicles come back, and no other customer's.
conformance('VEHICLE-FILTER-CUSTOMER', async (ctx: CheckContext) => {
  const sample = await vehicleSample(ctx);
  precondition(ctx, sample, 'GET /vehicles');
  await ctx.cite(sample);
  const sampled = vehicles.records(sample).filter((r) => ownerOf(r) && vehicles.idOf(r));
  let customerId: string;
  const expected: { id: string; why: string }[] = [];
  let writtenAt: number | undefined;
  if (ctx.run.mode === 'full' && ctx.target.customerId) {
    // The run's own vehicles of CUSTOMER_ID, as read back (their owner as the server shows it).
    customerId = ctx.target.customerId;
    const fx = await vehicleFixture(ctx);
    writtenAt = fx.writtenAt;
    for (const { id, record } of fixtureReads(fx, listedRoles)) if (ownerOf(record) === customerId) expected.push({ id, why: `it reads back with customerId ${customerId}` });
  } else {
    const pick = ctx.need(sampled[0], 'no listed vehicle shows a customerId to filter on');
    customerId = ownerOf(pick)!;
    expected.push({ id: vehicles.idOf(pick)!, why: `the unfiltered list shows it with customerId ${customerId}` });
  }
  const others = sampled.filter((r) => ownerOf(r) !== customerId).slice(0, 10);
  // The run's own vehicles may show in lists late: read until they do, within the window.
  const got = expected.length && ctx.run.mode === 'full'
    ? await collectShowing(ctx, vehicles, { customerId }, `POST /vehicles (the fixture) shown in GET /vehicles?customerId=${customerId}`, showsIds(expected.map((e) => e.id)), { writtenAt })
    : await collect(ctx, vehicles, { customerId });
  await ctx.cite(...got.responses);
  precondition(ctx, got.first, `GET /vehicles?customerId=${customerId}`);
  const shown = got.records.filter((r) => ownerOf(r) !== undefined);
  judgeFilter(ctx, `GET /vehicles?customerId=${customerId}`, {
    expected,
    excluded: others.map((r) => ({ id: vehicles.idOf(r)!, why: `it belongs to customer ${ownerOf(r)}` })),
    returned: got.ids,
    complete: got.complete,
    mismatched: shown.filter((r) => ownerOf(r) !== customerId).map((r) => `${vehicles.idOf(r)} has customerId ${ownerOf(r)}`),
    judgedRecords: shown.length,
    othersExist: others.length > 0,
  });
});
