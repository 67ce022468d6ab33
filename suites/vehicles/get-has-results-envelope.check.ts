import { vehicleGetEnvelope } from '../../contract/schemas.js';
import type { ApiResponse } from '../../harness/client.js';
import { isSuccess, leftOut, shapeViolations, statedTypeFailures, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, precondition, verdict } from '../common/judge.js';
import { listedBesides } from '../common/listing.js';
import { vehicles } from './adapter.js';
import { vehicleFixture, vehicleSample } from './fixtures.js';

/** Reads by id to judge: the run's own vehicles when it may write, else one existing vehicle. */
async function readsToJudge(ctx: CheckContext): Promise<{ id: string; res: ApiResponse }[]> {
  if (ctx.run.mode === 'full' && ctx.target.customerId) {
    const fx = await vehicleFixture(ctx);
    // The reads that found their vehicle: one the create reported but nobody can read may never have
    // been stored (VEHICLE-CREATE-BULK's to judge). When none does, a listed vehicle is read below,
    // so a broken read by id still fails here.
    const reads = Object.entries(fx.reads).flatMap(([role, res]) =>
      res && isSuccess(res) ? [{ id: fx.ids[role as keyof typeof fx.ids]!, res }] : [],
    );
    // A listed vehicle read too (listedBesides): one read more.
    const older = listedBesides(
      vehicles,
      await vehicleSample(ctx),
      reads.map((r) => r.id),
    );
    if (older) reads.push({ id: older, res: await vehicles.get(ctx, older) });
    if (reads.length) return reads;
  }
  const sample = await vehicleSample(ctx);
  precondition(ctx, sample, 'GET /vehicles');
  await ctx.cite(sample);
  const id = vehicles.records(sample).map(vehicles.idOf).find(Boolean);
  if (!id) ctx.skip('the company has no vehicles to read');
  return [{ id, res: await vehicles.get(ctx, id) }];
}

// §4.1 GET /vehicles/{vehicleId}, §2.7: the same results envelope as the list, content an array here too
// (the §2.7 row types it for both; S-2.7-get-by-id-envelope), holding that vehicle among its elements.
conformance('VEHICLE-GET-ENVELOPE', async (ctx: CheckContext) => {
  const reads = await readsToJudge(ctx);
  const problems: Failure[] = [];
  for (const { id, res } of reads) {
    await ctx.cite(res);
    expect2xx(ctx, res, `GET /vehicles/${id}`);
    problems.push(...shapeViolations(vehicleGetEnvelope, res.json, res));
    // §2.1: the vehicle it holds shows each stated field in its stated JSON type.
    problems.push(...statedTypeFailures(res.json, 'vehicle', res, `GET /vehicles/${id}:`));
    if (isSuccess(res) && !vehicles.records(res).some((r) => vehicles.idOf(r) === id))
      problems.push(leftOut(id, `GET /vehicles/${id} asked for it (results.content)`, res));
  }
  verdict(
    ctx,
    problems,
    'GET /vehicles/{vehicleId} is not { message, results: { content, pagination } } holding the vehicle',
    reads.length,
    'reads by id judged',
  );
});
