import { conformance, type CheckContext } from '../../harness/conformance.js';
import { withServiceTitle } from '../../generators/appointment-requests.js';
import { expectForbiddenFieldRejected } from './create-rejects-forbidden.js';

// §4.5 create rule 3, §7 row 3.
conformance('APPT-REJECT-SERVICE-TITLE', { needs: ['write', 'location'] }, async (ctx: CheckContext) => expectForbiddenFieldRejected(ctx, 'services[].title', withServiceTitle));
