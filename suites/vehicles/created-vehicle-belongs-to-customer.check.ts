import { ContractViolation, fieldValue } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle } from '../../generators/vehicles.js';
import { createVehicleForCheck, readVehicleForCheck } from './support.js';

// §2.1 customerId is the owning customer; §4.1 create carries it per vehicle.
conformance('VEHICLE-CREATE-OWNER', { needs: ['write', 'customer'] }, async (ctx) => {
  const customerId = ctx.target.customerId!;
  const vehicleId = await createVehicleForCheck(ctx, buildVehicle(seededFaker(ctx.seed, 'vehicle-owner'), ctx.marker, customerId));
  const record = await readVehicleForCheck(ctx, vehicleId, 'after create');
  const owner = fieldValue(record, ['customerId']);
  if (owner === undefined) ctx.inconclusive('the vehicle record read back shows no customerId, so its owner cannot be compared');
  if (String(owner) !== customerId) throw new ContractViolation(`vehicle ${vehicleId} was created for customer ${customerId} but reads back with customerId ${JSON.stringify(owner)}`);
});
