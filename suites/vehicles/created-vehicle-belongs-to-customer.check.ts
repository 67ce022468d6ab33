import { fieldMismatch, fieldValue, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { fixtureReads, vehicleFixture } from './fixtures.js';

// §2.1 customerId is the owning customer; §4.1 create carries it per vehicle. Judged on every vehicle the run created.
conformance('VEHICLE-CREATE-OWNER', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const fx = await vehicleFixture(ctx);
  const customerId = ctx.need(ctx.target.customerId, 'CUSTOMER_ID is not set');
  const problems: Failure[] = [];
  let judged = 0;
  for (const { id, record, read } of fixtureReads(fx)) {
    await ctx.cite(read);
    const owner = fieldValue(record, ['customerId']);
    if (owner === undefined) continue;
    judged += 1;
    if (String(owner) !== customerId)
      problems.push(
        fieldMismatch(`vehicle ${id}, created for customer ${customerId}`, 'customerId', customerId, owner, read),
      );
  }
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
