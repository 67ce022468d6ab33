import { describeResponse, expectNoViolations, isSuccess, partialUpdateViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle, vehicleChanges } from '../../generators/vehicles.js';
import { createVehicleForCheck, putVehicles, readVehicleForCheck } from './support.js';

// §4.1 PUT: each entry has vehicleId and only the fields to change; the rest keeps its value.
conformance('VEHICLE-UPDATE-PARTIAL', { needs: ['write', 'customer'] }, async (ctx) => {
  const f = seededFaker(ctx.seed, 'vehicle-update-partial');
  const vehicleId = await createVehicleForCheck(ctx, buildVehicle(f, ctx.marker, ctx.target.customerId!));
  const before = await readVehicleForCheck(ctx, vehicleId, 'before the update');
  const changes = vehicleChanges(f);
  const res = await putVehicles(ctx, [{ vehicleId, ...changes }]);
  if (!isSuccess(res)) ctx.inconclusive(`PUT /vehicles was refused (${describeResponse(res)}); nothing was updated to compare`);
  const after = await readVehicleForCheck(ctx, vehicleId, 'after the update');
  expectNoViolations(partialUpdateViolations(before, after, changes), `PUT /vehicles sent only ${Object.keys(changes).join(', ')}, but the record read back differs`);
});
