import { conformance, type CheckContext } from '../../harness/conformance.js';
import { withVehicleName } from '../../generators/appointment-requests.js';
import { expectForbiddenFieldRejected } from './create-rejects-forbidden.js';

// §4.5 create rule 3, §7 row 3: the service names the vehicle itself (§2.5).
conformance('APPT-REJECT-VEHICLE-NAME', { needs: ['write', 'location'] }, async (ctx: CheckContext) =>
  expectForbiddenFieldRejected(ctx, 'vehicle.name', withVehicleName),
);

// §4.5 rule 3 forbids the key whatever its value: "" is a value, so an empty name is refused too
// (S-4.5-forbidden-fields, corrected 2026-12-02). null and other spellings of the key stay open.
conformance(
  'APPT-REJECT-VEHICLE-NAME',
  { variant: 'empty string', needs: ['write', 'location'] },
  async (ctx: CheckContext) =>
    expectForbiddenFieldRejected(ctx, 'vehicle.name empty', (body) => ({
      ...body,
      vehicle: { ...body.vehicle, name: '' },
    })),
);
