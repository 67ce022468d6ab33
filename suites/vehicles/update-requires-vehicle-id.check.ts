import { describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expectRefused } from '../common/judge.js';
import { putVehicles } from './adapter.js';
import { vehicleUpdate } from './fixtures.js';

// §2.1: vehicleId is required on update. An entry without it is refused; the status is not shown, so any 4xx.
// Its valid twin is the run's own PUT with ids, which must have been accepted for the refusal to mean anything.
conformance('VEHICLE-UPDATE-NEEDS-ID', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const valid = await vehicleUpdate(ctx);
  if (!isSuccess(valid.put)) ctx.inconclusive(`precondition: the same PUT with vehicleId was refused too (${describeResponse(valid.put)})`);
  await ctx.cite(valid.put);
  const res = await putVehicles(ctx, [{ mileage: 12_345 }]);
  expectRefused(ctx, res, 'PUT /vehicles with an entry that has no vehicleId');
});
