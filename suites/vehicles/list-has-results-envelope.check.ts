import { vehicleListEnvelope } from '../../contract/schemas.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, expectShape } from '../common/judge.js';
import { vehicleSample } from './fixtures.js';

// §4.1 GET /vehicles, §2.7: { message, results: { content, pagination } }.
conformance('VEHICLE-LIST-ENVELOPE', async (ctx: CheckContext) => {
  const res = await vehicleSample(ctx);
  await ctx.cite(res);
  expect2xx(ctx, res, 'GET /vehicles');
  expectShape(ctx, vehicleListEnvelope, res.json, 'the GET /vehicles answer', res);
});
