import { describeResponse, isSuccess, partialUpdateViolations } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { vehicles } from './adapter.js';
import { fixtureRecord, vehicleFixture, vehicleUpdate } from './fixtures.js';

// §4.1 PUT: each entry has vehicleId and only the fields to change; the rest keeps its value.
// Two entries in one bulk PUT, changing different fields: each is judged, not only the first.
conformance('VEHICLE-UPDATE-PARTIAL', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const [fx, up] = await Promise.all([vehicleFixture(ctx), vehicleUpdate(ctx)]);
  if (!isSuccess(up.put)) ctx.inconclusive(`PUT /vehicles was refused (${describeResponse(up.put)}); VEHICLE-UPDATE-ENVELOPE judges that`);
  await ctx.cite(up.put);
  const problems: string[] = [];
  for (const entry of ['a', 'b'] as const) {
    const before = fixtureRecord(ctx, fx, entry === 'a' ? 'update-a' : 'update-b');
    const after = up.after[entry];
    await ctx.cite(before.read, after);
    if (!after || !isSuccess(after)) ctx.inconclusive(`precondition: reading vehicle ${before.id} after the update was refused (${after?.status ?? 'not sent'})`);
    const record = ctx.need(vehicles.recordIn(after, before.id), `precondition: GET /vehicles/${before.id} after the update did not hold it`);
    problems.push(...partialUpdateViolations(before.record, record, up.sent[entry]).map((p) => `${before.id} (sent ${Object.keys(up.sent[entry]).join(', ')}): ${p}`));
  }
  verdict(ctx, problems, 'PUT /vehicles did not change exactly the fields sent', 2, 'updated vehicles compared before and after');
});
