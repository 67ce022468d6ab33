import { vehicleListEnvelope } from '../../contract/schemas.js';
import { expectNoViolations, expectSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { listVehicles } from './support.js';

// §4.1 GET /vehicles, §2.7: { message, results: { content, pagination } }.
conformance('VEHICLE-LIST-ENVELOPE', async (ctx) => {
  const res = await listVehicles(ctx, { size: 5, page: 1 });
  expectSuccess(res, 'GET /vehicles');
  expectNoViolations(schemaViolations(vehicleListEnvelope, res.json), 'GET /vehicles is not { message, results: { content, pagination } }');
});
