import { fieldMismatch, fieldValue, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { isLocated } from '../../harness/locate/locator.js';
import { buildVehicle } from '../../generators/vehicles.js';
import { seededFaker } from '../../generators/random.js';
import { verdict } from '../common/judge.js';
import { customerFixture } from '../customers/fixtures.js';
import { createVehicles, fixtureReads, vehicleFixture } from './fixtures.js';

/**
 * Two owners in one bulk create, in a full run whose own customers were created (§4.3): a vehicle
 * for CUSTOMER_ID, then one for the run's 'plain' customer (no check archives it, so it exists and
 * is active, S-1-vehicle-customer-link). Entries that all name one customer cannot show a server
 * giving every entry one entry's customerId; these two can. Each is read back as the locator finds it.
 */
async function ownerPair(ctx: CheckContext, customerId: string) {
  if (ctx.run.mode !== 'full') return undefined;
  const other = (await customerFixture(ctx).catch(() => undefined))?.ids.plain;
  if (!other || other === customerId) return undefined;
  const f = seededFaker(ctx.seed, 'vehicle-owner-pair');
  const inputs = [buildVehicle(f, ctx.marker, customerId), buildVehicle(f, ctx.marker, other)];
  const { found } = await createVehicles(ctx, inputs);
  return inputs.map((input, i) => ({ input, at: found[i] }));
}

// §2.1 customerId is the owning customer; §4.1 create carries it per vehicle. Judged on every vehicle the run created.
conformance('VEHICLE-CREATE-OWNER', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const fx = await vehicleFixture(ctx);
  const customerId = ctx.need(ctx.target.customerId, 'CUSTOMER_ID is not set');
  const problems: Failure[] = [];
  let judged = 0;
  const judge = (
    id: string,
    record: Record<string, unknown>,
    read: Parameters<typeof fieldMismatch>[4],
    owner: string,
  ) => {
    const shown = fieldValue(record, ['customerId']);
    if (shown === undefined) return;
    judged += 1;
    if (String(shown) !== owner)
      problems.push(fieldMismatch(`vehicle ${id}, created for customer ${owner}`, 'customerId', owner, shown, read));
  };
  for (const { id, record, read } of fixtureReads(fx)) {
    await ctx.cite(read);
    judge(id, record, read, customerId);
  }
  const pair = await ownerPair(ctx, customerId);
  for (const { input, at } of pair ?? []) {
    if (!isLocated(at)) continue;
    await ctx.cite(at.read);
    judge(at.id, at.record, at.read, input.customerId);
  }
  if (pair)
    ctx.observe(
      'two owners in one create',
      pair.map(
        ({ input, at }) =>
          `${input.customerId}: ${isLocated(at) ? at.id : `not located (${at?.why ?? 'create refused'})`}`,
      ),
    );
  if (judged === 0 && problems.length === 0)
    ctx.inconclusive('no created vehicle could be read back showing a customerId to compare');
  verdict(
    ctx,
    problems,
    'created vehicles do not belong to the customer they were created for',
    judged,
    'created vehicles read back with their owner',
  );
});
