import { describeResponse, isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expectRefused } from '../common/judge.js';
import { archiveVehicles } from './adapter.js';
import { fixtureRecord, vehicleArchive, vehicleFixture } from './fixtures.js';

// §2.1: vehicleId and customerId are both required on archive. An entry lacking either is refused
// (any 4xx: the status is not shown). The run's own PATCH with both is the valid twin.
for (const missing of ['vehicleId', 'customerId'] as const) {
  conformance('VEHICLE-ARCHIVE-NEEDS-IDS', { variant: `without ${missing}`, needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
    const [fx, valid] = await Promise.all([vehicleFixture(ctx), vehicleArchive(ctx)]);
    if (!isSuccess(valid.patch)) ctx.inconclusive(`precondition: the same PATCH with both ids was refused too (${describeResponse(valid.patch)})`);
    await ctx.cite(valid.patch);
    const probe = fixtureRecord(ctx, fx, 'probe');
    const customerId = fx.inputs.probe.customerId;
    const entry = missing === 'vehicleId' ? { customerId } : { vehicleId: probe.id };
    const res = await archiveVehicles(ctx, [entry]);
    // Accepted by mistake, the probe vehicle may be archived: the cleanup must not archive it twice.
    if (isSuccess(res) && missing === 'customerId' && !(isRecord(res.json) && res.json.success === false)) ctx.ledger.archived('vehicle', probe.id);
    expectRefused(ctx, res, `PATCH /vehicles with an entry without ${missing}`);
  });
}
