import { conformance } from '../../harness/conformance.js';
import { withServiceTitle } from '../../generators/appointment-requests.js';
import { expectForbiddenFieldRejected } from './support.js';

// §4.5 create rule 3, §7 row 3.
conformance('APPT-REJECT-SERVICE-TITLE', { needs: ['write', 'location'] }, (ctx) => expectForbiddenFieldRejected(ctx, 'services[].title', withServiceTitle));
