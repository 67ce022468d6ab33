import { ContractViolation, expectNoViolations, expectSuccess, fieldValue, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { fromThisRun, listVehicles, vehicleIdOf, vehicleRecords } from './support.js';

const ownerOf = (r: Record<string, unknown>) => {
  const v = fieldValue(r, ['customerId']);
  return v === undefined || v === null ? undefined : String(v);
};

// §4.1 GET /vehicles?customerId=: only that customer's vehicles, and the vehicle seen for it is found.
conformance('VEHICLE-FILTER-CUSTOMER', async (ctx) => {
  const sample = await listVehicles(ctx, { size: 50, page: 1 });
  if (!isSuccess(sample)) ctx.inconclusive('precondition: GET /vehicles failed, so no customer to filter on');
  // Vehicles of other checks may be archived mid-check; pick one that predates the run.
  const seen = vehicleRecords(sample.json).filter((r) => !fromThisRun(ctx, r) && ownerOf(r));
  const pick = seen[0];
  if (!pick) ctx.skip('no vehicle on the first page shows a customerId to filter on');
  const customerId = ownerOf(pick!)!;
  ctx.observe('distinct customers on the sampled page', new Set(seen.map(ownerOf)).size);
  const res = await listVehicles(ctx, { customerId, size: 100, page: 1 });
  expectSuccess(res, `GET /vehicles?customerId=${customerId}`);
  const records = vehicleRecords(res.json);
  expectNoViolations(
    records.filter((r) => ownerOf(r) !== customerId).map((r) => `${vehicleIdOf(r)} has customerId ${JSON.stringify(fieldValue(r, ['customerId']))}`),
    `customerId=${customerId} returned vehicles of other customers`,
  );
  if (records.length < 100 && !records.some((r) => vehicleIdOf(r) === vehicleIdOf(pick!))) {
    throw new ContractViolation(`customerId=${customerId} did not return vehicle ${vehicleIdOf(pick!)}, which belongs to that customer`);
  }
});
