import { conformance, type CheckContext } from '../../harness/conformance.js';
import { serviceWithId } from '../../generators/appointment-requests.js';
import { expectForbiddenServiceFieldRejected } from './create-rejects-forbidden.js';

// §4.5 create rule 3, §7 row 3: serviceId in the first, the middle or the last service is refused with 400.
conformance('APPT-REJECT-SERVICE-ID', { needs: ['write', 'location'] }, async (ctx: CheckContext) =>
  expectForbiddenServiceFieldRejected(ctx, 'serviceId', serviceWithId, {
    clause: 'APPT-REJECT-SERVICE-ID',
    index: 0,
    of: 1,
  }),
);
