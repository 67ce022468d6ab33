import type { ApiResponse } from '../../harness/client.js';
import { isSuccess, leftOut, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, precondition, verdict } from '../common/judge.js';
import { customers } from './adapter.js';
import { customerFixture, customerSample } from './fixtures.js';

/** Reads by id to judge: the run's own customers when it may write, else one listed customer. */
async function readsToJudge(ctx: CheckContext): Promise<{ id: string; res: ApiResponse }[]> {
  if (ctx.run.mode === 'full') {
    const fx = await customerFixture(ctx);
    const reads = Object.entries(fx.reads).flatMap(([role, res]) =>
      res ? [{ id: fx.ids[role as keyof typeof fx.ids]!, res }] : [],
    );
    if (reads.length) return reads;
  }
  const list = await customerSample(ctx);
  // The list proves the guessed company parameter is accepted, and gives an id that exists.
  precondition(ctx, list, 'GET /customers');
  await ctx.cite(list);
  const id = customers.records(list).map(customers.idOf).find(Boolean);
  if (!id) ctx.skip('the company has no customers to read');
  return [{ id, res: await customers.get(ctx, id) }];
}

// §4.3 GET /customers/{customerId}: the details of that customer.
conformance('CUSTOMER-GET-BY-ID', async (ctx: CheckContext) => {
  const reads = await readsToJudge(ctx);
  const problems: Failure[] = [];
  for (const { id, res } of reads) {
    await ctx.cite(res);
    expect2xx(ctx, res, `GET /customers/${id}`);
    if (isSuccess(res) && !customers.recordIn(res, id))
      problems.push(leftOut(id, `GET /customers/${id} asked for that customer`, res));
  }
  verdict(
    ctx,
    problems,
    'GET /customers/{customerId} does not return that customer',
    reads.length,
    'customers read by id',
  );
});
