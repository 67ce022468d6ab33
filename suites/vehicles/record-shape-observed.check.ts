import { isSuccess, shapeOf } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition } from '../common/judge.js';
import { vehicles } from './adapter.js';
import { vehicleFixture, vehicleSample } from './fixtures.js';

// §2.1: the fields of list and get records beyond the request fields are not shown; recorded, never failed.
conformance('VEHICLE-RECORD-SHAPE', async (ctx: CheckContext) => {
  const sample = await vehicleSample(ctx);
  precondition(ctx, sample, 'GET /vehicles');
  await ctx.cite(sample);
  const listed = vehicles.records(sample);
  ctx.observe('list record keys', [...new Set(listed.flatMap((r) => Object.keys(r)))].sort());
  ctx.observe(
    'list pagination',
    shapeOf((sample.json as { results?: { pagination?: unknown } } | undefined)?.results?.pagination ?? null),
  );
  if (ctx.run.mode !== 'full' || !ctx.target.customerId) return;
  const fx = await vehicleFixture(ctx);
  const [id, read] = [fx.ids.miles, fx.reads.miles];
  const record = id && read && isSuccess(read) ? vehicles.recordIn(read, id) : undefined;
  if (record) ctx.observe('get record keys', Object.keys(record).sort());
});
