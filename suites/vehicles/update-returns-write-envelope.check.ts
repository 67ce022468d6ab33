import { writeEnvelope } from '../../contract/schemas.js';
import { expectNoViolations, expectSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle, vehicleChanges } from '../../generators/vehicles.js';
import { createVehicleForCheck, putVehicles } from './support.js';

// §4.1 PUT /vehicles, §2.7 write envelope.
conformance('VEHICLE-UPDATE-ENVELOPE', { needs: ['write', 'customer'] }, async (ctx) => {
  const f = seededFaker(ctx.seed, 'vehicle-update-envelope');
  const vehicleId = await createVehicleForCheck(ctx, buildVehicle(f, ctx.marker, ctx.target.customerId!));
  const res = await putVehicles(ctx, [{ vehicleId, ...vehicleChanges(f) }]);
  expectSuccess(res, 'PUT /vehicles with a valid change');
  expectNoViolations(schemaViolations(writeEnvelope, res.json), 'PUT /vehicles body is not { success, message, data }');
});
