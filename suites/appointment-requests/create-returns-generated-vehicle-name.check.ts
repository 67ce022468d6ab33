import { ContractViolation, describeResponse, isRecord, objectsWithKey } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { acceptedCreate, describedBy, plan, postAppointmentRequest } from './support.js';

// §2.5: the service generates vehicle.name and returns it in the create response.
conformance('APPT-VEHICLE-NAME-GENERATED', { needs: ['write', 'location'] }, async (ctx) => {
  const placed = plan(ctx, 'vehicle-name', describedBy(ctx, 'vehicle-name'));
  const res = await postAppointmentRequest(ctx, placed.body);
  acceptedCreate(ctx, res, placed);
  const names = objectsWithKey(res.json, 'vehicle')
    .map((o) => o.vehicle)
    .filter(isRecord)
    .map((v) => v.name);
  ctx.observe('vehicle.name returned', names);
  if (!names.some((n) => typeof n === 'string' && n.trim().length > 0)) {
    throw new ContractViolation(`the create response carries no generated vehicle.name: ${describeResponse(res)}`);
  }
});
