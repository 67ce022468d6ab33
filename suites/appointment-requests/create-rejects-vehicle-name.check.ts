import { conformance } from '../../harness/conformance.js';
import { withVehicleName } from '../../generators/appointment-requests.js';
import { expectForbiddenFieldRejected } from './support.js';

// §4.5 create rule 3, §7 row 3: the service names the vehicle itself.
conformance('APPT-REJECT-VEHICLE-NAME', { needs: ['write', 'location'] }, (ctx) => expectForbiddenFieldRejected(ctx, 'vehicle.name', withVehicleName));
