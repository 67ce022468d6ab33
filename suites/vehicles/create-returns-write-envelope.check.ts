import { writeEnvelope } from '../../contract/schemas.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, expectShape } from '../common/judge.js';
import { expectStatedTypes } from '../common/stated-types.js';
import { vehicleFixture, vehicleRoles } from './fixtures.js';

// §4.1 POST /vehicles, §2.7: the write envelope { success, message, data }. Judged on the run's one bulk create. The records it shows keep their §2 types.
conformance('VEHICLE-CREATE-ENVELOPE', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const fx = await vehicleFixture(ctx);
  await ctx.cite(fx.create);
  expect2xx(ctx, fx.create, `POST /vehicles with ${vehicleRoles.length} valid vehicles`);
  expectShape(ctx, writeEnvelope, fx.create.json, 'the POST /vehicles answer', fx.create);
  expectStatedTypes(ctx, fx.create, 'vehicle', 'the POST /vehicles answer');
});
