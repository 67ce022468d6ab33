import { writeEnvelope } from '../../contract/schemas.js';
import { expectNoViolations, expectSuccess, idsIn, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle } from '../../generators/vehicles.js';
import { postVehicles } from './support.js';

// §4.1 POST /vehicles, §2.7 write envelope.
conformance('VEHICLE-CREATE-ENVELOPE', { needs: ['write', 'customer'] }, async (ctx) => {
  const customerId = ctx.target.customerId!;
  const res = await postVehicles(ctx, [buildVehicle(seededFaker(ctx.seed, 'vehicle-create-envelope'), ctx.marker, customerId)]);
  expectSuccess(res, 'POST /vehicles with a valid vehicle');
  for (const id of idsIn(res.json, 'vehicleId')) ctx.ledger.created('vehicle', id, { customerId });
  expectNoViolations(schemaViolations(writeEnvelope, res.json), 'POST /vehicles body is not { success, message, data }');
});
