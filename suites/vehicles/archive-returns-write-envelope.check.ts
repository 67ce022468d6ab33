import { writeEnvelope } from '../../contract/schemas.js';
import { expectNoViolations, expectSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle } from '../../generators/vehicles.js';
import { archiveVehicles, createVehicleForCheck } from './support.js';

// §4.1 PATCH /vehicles, §2.7 write envelope.
conformance('VEHICLE-ARCHIVE-ENVELOPE', { needs: ['write', 'customer'] }, async (ctx) => {
  const customerId = ctx.target.customerId!;
  const vehicleId = await createVehicleForCheck(ctx, buildVehicle(seededFaker(ctx.seed, 'vehicle-archive-envelope'), ctx.marker, customerId));
  const res = await archiveVehicles(ctx, [{ vehicleId, customerId }]);
  expectSuccess(res, 'PATCH /vehicles');
  ctx.ledger.archived('vehicle', vehicleId);
  expectNoViolations(schemaViolations(writeEnvelope, res.json), 'PATCH /vehicles body is not { success, message, data }');
});
