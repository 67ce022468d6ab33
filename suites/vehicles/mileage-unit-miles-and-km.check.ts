import { mileageUnits } from '../../contract/schemas.js';
import { fieldMismatch, fieldValue } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { fixtureRecord, vehicleFixture } from './fixtures.js';

// §2.1 mileageUnit: the values in use are Miles and KM; each is accepted and read back as sent.
for (const unit of mileageUnits) {
  conformance('VEHICLE-MILEAGE-UNIT', { variant: unit, needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
    const fx = await vehicleFixture(ctx);
    const role = unit === 'Miles' ? 'miles' : 'km';
    const { id, record, read } = fixtureRecord(ctx, fx, role);
    await ctx.cite(fx.create, read);
    const input = fx.inputs[role];
    const problems = (['mileageUnit', 'mileage'] as const)
      .filter((key) => fieldValue(record, [key]) !== input[key])
      .map((key) => fieldMismatch(`vehicle ${id} read back`, key, input[key], fieldValue(record, [key]), read));
    verdict(
      ctx,
      problems,
      `vehicle ${id}, created with mileageUnit ${unit}, does not read back as sent`,
      1,
      `vehicle with mileageUnit ${unit} read back`,
    );
  });
}
