import { conformance } from '../../harness/conformance.js';
import { withServiceId } from '../../generators/appointment-requests.js';
import { expectForbiddenFieldRejected } from './support.js';

// §4.5 create rule 3, §7 row 3.
conformance('APPT-REJECT-SERVICE-ID', { needs: ['write', 'location'] }, (ctx) => expectForbiddenFieldRejected(ctx, 'services[].serviceId', withServiceId));
