import { ContractViolation, containsText, expectNoViolations, expectSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle } from '../../generators/vehicles.js';
import { createVehicleForCheck, listVehicles, termOf, vehicleIdOf, vehicleRecords } from './support.js';

// §4.1 GET /vehicles?search=: the vehicle carrying a unique term is found, and nothing without it comes back.
// The term sits in several free-text fields (notes, vehicleName): which fields the search covers is not shown.
conformance('VEHICLE-FILTER-SEARCH', { needs: ['write', 'customer'] }, async (ctx) => {
  const input = buildVehicle(seededFaker(ctx.seed, 'vehicle-search'), ctx.marker, ctx.target.customerId!);
  const term = termOf(input);
  const vehicleId = await createVehicleForCheck(ctx, input);
  const res = await listVehicles(ctx, { search: term, size: 50, page: 1 });
  expectSuccess(res, `GET /vehicles?search=${term}`);
  const records = vehicleRecords(res.json);
  expectNoViolations(
    records.filter((r) => !containsText(r, term, true)).map((r) => `${vehicleIdOf(r)} does not carry "${term}"`),
    `search=${term} returned vehicles without the term`,
  );
  if (!records.some((r) => vehicleIdOf(r) === vehicleId)) throw new ContractViolation(`search=${term} did not find vehicle ${vehicleId}, whose notes and vehicleName carry it`);
});
