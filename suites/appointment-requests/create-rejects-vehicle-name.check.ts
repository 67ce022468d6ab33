import { conformance, type CheckContext } from '../../harness/conformance.js';
import { withVehicleName } from '../../generators/appointment-requests.js';
import { expectForbiddenFieldRejected } from './create-rejects-forbidden.js';

// §4.5 create rule 3, §7 row 3: the service names the vehicle itself (§2.5).
conformance('APPT-REJECT-VEHICLE-NAME', { needs: ['write', 'location'] }, async (ctx: CheckContext) =>
  expectForbiddenFieldRejected(ctx, 'vehicle.name', withVehicleName),
);
