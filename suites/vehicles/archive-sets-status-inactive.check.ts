import { ContractViolation, describeResponse, fieldValue, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle } from '../../generators/vehicles.js';
import { archiveVehicles, createVehicleForCheck, getVehicle, vehicleIn } from './support.js';

// §3: PATCH /vehicles sets vehicleStatus to Inactive; no deletion is stated, so the record stays readable.
conformance('VEHICLE-ARCHIVE-INACTIVE', { needs: ['write', 'customer'] }, async (ctx) => {
  const customerId = ctx.target.customerId!;
  const vehicleId = await createVehicleForCheck(ctx, buildVehicle(seededFaker(ctx.seed, 'vehicle-archive-inactive'), ctx.marker, customerId));
  const archived = await archiveVehicles(ctx, [{ vehicleId, customerId }]);
  if (!isSuccess(archived)) ctx.inconclusive(`PATCH /vehicles was refused (${describeResponse(archived)}); its envelope has its own check`);
  ctx.ledger.archived('vehicle', vehicleId);
  const res = await getVehicle(ctx, vehicleId);
  if (!isSuccess(res)) throw new ContractViolation(`the archived vehicle is no longer readable by id: ${describeResponse(res)}`);
  const record = vehicleIn(res.json, vehicleId);
  if (!record) throw new ContractViolation(`GET /vehicles/${vehicleId} after archive no longer holds the vehicle: ${describeResponse(res)}`);
  const status = fieldValue(record, ['vehicleStatus']);
  if (status !== 'Inactive') throw new ContractViolation(`after PATCH /vehicles the vehicle's vehicleStatus is ${JSON.stringify(status)}, expected "Inactive"`);
});
