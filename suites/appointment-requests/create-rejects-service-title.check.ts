import { conformance, type CheckContext } from '../../harness/conformance.js';
import { serviceWithTitle } from '../../generators/appointment-requests.js';
import { expectForbiddenServiceFieldRejected } from './create-rejects-forbidden.js';

// §4.5 create rule 3, §7 row 3: title in the first, the middle or the last service is refused with 400.
conformance('APPT-REJECT-SERVICE-TITLE', { needs: ['write', 'location'] }, async (ctx: CheckContext) =>
  expectForbiddenServiceFieldRejected(ctx, 'title', serviceWithTitle, {
    clause: 'APPT-REJECT-SERVICE-TITLE',
    index: 0,
    of: 1,
  }),
);
