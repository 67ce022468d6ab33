import { vehicleListEnvelope } from '../../contract/schemas.js';
import { ContractViolation, expectNoViolations, expectSuccess, isSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { getVehicle, listVehicles, vehicleIdOf, vehicleRecords } from './support.js';

// §4.1 GET /vehicles/{vehicleId}, §2.7: the same results envelope as the list, holding that vehicle.
conformance('VEHICLE-GET-ENVELOPE', async (ctx) => {
  const list = await listVehicles(ctx, { size: 5, page: 1 });
  if (!isSuccess(list)) ctx.inconclusive('precondition: GET /vehicles failed, so no vehicle id to read');
  const vehicleId = vehicleRecords(list.json).map(vehicleIdOf).find(Boolean);
  if (!vehicleId) ctx.skip('the company has no vehicles to read');
  const res = await getVehicle(ctx, vehicleId!);
  expectSuccess(res, `GET /vehicles/${vehicleId}`);
  expectNoViolations(schemaViolations(vehicleListEnvelope, res.json), 'GET /vehicles/{vehicleId} is not { message, results: { content, pagination } }');
  const content = (res.json as { results: { content: unknown[] } }).results.content;
  const ids = vehicleRecords(res.json).map(vehicleIdOf);
  if (!ids.includes(vehicleId!)) throw new ContractViolation(`GET /vehicles/${vehicleId}: results.content (${content.length} entries) does not hold that vehicle`);
  ctx.observe('get-by-id results.content length', content.length);
});
