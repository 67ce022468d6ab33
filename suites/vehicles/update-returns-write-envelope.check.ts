import { writeEnvelope } from '../../contract/schemas.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, expectShape } from '../common/judge.js';
import { expectStatedTypes } from '../common/stated-types.js';
import { vehicleUpdate } from './fixtures.js';

// §4.1 PUT /vehicles, §2.7: the write envelope. The records it shows keep their §2 types.
conformance('VEHICLE-UPDATE-ENVELOPE', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const up = await vehicleUpdate(ctx);
  await ctx.cite(up.put);
  expect2xx(ctx, up.put, 'PUT /vehicles with two valid changes');
  expectShape(ctx, writeEnvelope, up.put.json, 'the PUT /vehicles answer', up.put);
  expectStatedTypes(ctx, up.put, 'vehicle', 'the PUT /vehicles answer');
});
