import { writeEnvelope } from '../../contract/schemas.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, expectShape } from '../common/judge.js';
import { expectStatedTypes } from '../common/stated-types.js';
import { vehicleArchive } from './fixtures.js';

// §4.1 PATCH /vehicles, §2.7: the write envelope. The records it shows keep their §2 types.
conformance('VEHICLE-ARCHIVE-ENVELOPE', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const ar = await vehicleArchive(ctx);
  await ctx.cite(ar.patch);
  expect2xx(ctx, ar.patch, 'PATCH /vehicles archiving two vehicles');
  expectShape(ctx, writeEnvelope, ar.patch.json, 'the PATCH /vehicles answer', ar.patch);
  expectStatedTypes(ctx, ar.patch, 'vehicle', 'the PATCH /vehicles answer');
});
