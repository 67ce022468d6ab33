import { mileageUnits } from '../../contract/schemas.js';
import { expectNoViolations, fieldValue } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle } from '../../generators/vehicles.js';
import { createVehicleForCheck, readVehicleForCheck } from './support.js';

// §2.1 mileageUnit: the values in use are Miles and KM; each is accepted and read back as sent.
for (const unit of mileageUnits) {
  conformance('VEHICLE-MILEAGE-UNIT', { variant: unit, needs: ['write', 'customer'] }, async (ctx) => {
    const input = buildVehicle(seededFaker(ctx.seed, `vehicle-mileage-${unit}`), ctx.marker, ctx.target.customerId!, { mileageUnit: unit });
    const vehicleId = await createVehicleForCheck(ctx, input);
    const record = await readVehicleForCheck(ctx, vehicleId, 'after create');
    const problems: string[] = [];
    for (const key of ['mileageUnit', 'mileage'] as const) {
      const read = fieldValue(record, [key]);
      if (read !== input[key]) problems.push(`${key}: sent ${JSON.stringify(input[key])}, read ${JSON.stringify(read)}`);
    }
    expectNoViolations(problems, `a vehicle created with mileageUnit ${unit} does not read back as sent`);
  });
}
