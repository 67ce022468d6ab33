import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expectUpdateWithoutIdRefused } from './probes.js';

// §2.1: vehicleId is required on update. An entry without it is refused (any 4xx, or success false:
// the status is not shown) first, in the middle and last of a bulk beside two valid entries. Its
// valid twin is the run's own PUT with ids, which must have been accepted for the refusal to mean anything.
conformance('VEHICLE-UPDATE-NEEDS-ID', { needs: ['write', 'customer'] }, async (ctx: CheckContext) =>
  expectUpdateWithoutIdRefused(ctx, { clause: 'VEHICLE-UPDATE-NEEDS-ID', index: 0, of: 1 }),
);
