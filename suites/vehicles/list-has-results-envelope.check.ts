import { vehicleListEnvelope } from '../../contract/schemas.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { exchangeOf, isSuccess } from '../../harness/checks/index.js';
import { expect2xx, expectShape, fail } from '../common/judge.js';
import { expectStatedTypes } from '../common/stated-types.js';
import { vehicles } from './adapter.js';
import { vehicleSample } from './fixtures.js';

// §4.1 GET /vehicles, §2.7: { message, results: { content, pagination } }. The records it shows keep their §2 types.
conformance('VEHICLE-LIST-ENVELOPE', async (ctx: CheckContext) => {
  const res = await vehicleSample(ctx);
  await ctx.cite(res);
  expect2xx(ctx, res, 'GET /vehicles');
  expectShape(ctx, vehicleListEnvelope, res.json, 'the GET /vehicles answer', res);
  expectStatedTypes(ctx, res, 'vehicle', 'GET /vehicles');
  // §8: a later page keeps the types too (another path may serialize it: an offset query, a cache). One read more.
  const page2 = await vehicles.list(ctx, { size: 50, page: 2 });
  if (isSuccess(page2) && vehicles.records(page2).length) {
    await ctx.cite(page2);
    expectStatedTypes(ctx, page2, 'vehicle', 'GET /vehicles page 2');
  }
  // §2.1: each listed vehicle carries its identifier under its documented name.
  const unnamed = vehicles.records(res).filter((r) => r.vehicleId === undefined || r.vehicleId === null);
  if (unnamed.length)
    fail('GET /vehicles lists vehicles without a vehicleId', {
      kind: 'shape-violation',
      message: `${unnamed.length} listed records carry no vehicleId (§2.1), e.g. ${JSON.stringify(unnamed[0]).slice(0, 160)}`,
      issue: 'a listed vehicle carries no vehicleId (§2.1)',
      path: 'results.content',
      actual: unnamed[0],
      ...exchangeOf(res),
    });
});
