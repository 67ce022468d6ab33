import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expectArchiveWithoutIdRefused } from './probes.js';

// §2.1: vehicleId and customerId are both required on archive. An entry lacking either is refused
// (any 4xx, or success false: the status is not shown) at every position of a bulk beside two valid
// entries; under rate limits the two variants take the middle and the last in turn. The run's own
// PATCH with both is the valid twin.
const missing = ['vehicleId', 'customerId'] as const;
missing.forEach((field, index) => {
  conformance(
    'VEHICLE-ARCHIVE-NEEDS-IDS',
    { variant: `without ${field}`, needs: ['write', 'customer'] },
    async (ctx: CheckContext) =>
      expectArchiveWithoutIdRefused(ctx, field, { clause: 'VEHICLE-ARCHIVE-NEEDS-IDS', index, of: missing.length }),
  );
});
