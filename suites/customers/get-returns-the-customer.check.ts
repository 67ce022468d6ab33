import type { ApiResponse } from '../../harness/client.js';
import { exchangeOf, firstRecordArray, isSuccess, leftOut, type Failure } from '../../harness/checks/index.js';
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

/**
 * §2.3 names one field of a customer, its identifier `customerId`, the key GET /customers/{customerId}
 * takes: the rows of a list carry it under that name (an `id` in its place hides the key a client reads by).
 */
async function listedWithoutCustomerId(ctx: CheckContext): Promise<Failure[]> {
  const list = await customerSample(ctx);
  if (!isSuccess(list)) return [];
  const withId = customers.records(list);
  const rows = withId.length ? withId : (firstRecordArray(list.json) ?? []);
  const bare = rows.filter((r) => r.customerId === undefined || r.customerId === null || r.customerId === '');
  if (!bare.length) return [];
  await ctx.cite(list);
  return [
    {
      kind: 'shape-violation',
      message: `GET /customers lists ${bare.length} of ${rows.length} records without a customerId, e.g. ${JSON.stringify(bare[0]).slice(0, 160)}`,
      issue: 'a listed customer carries no customerId (§2.3)',
      actual: bare[0],
      ...exchangeOf(list),
    },
  ];
}

// §4.3 GET /customers/{customerId}: the details of that customer; §2.3: listed customers carry that id.
conformance('CUSTOMER-GET-BY-ID', async (ctx: CheckContext) => {
  const reads = await readsToJudge(ctx);
  const problems: Failure[] = await listedWithoutCustomerId(ctx);
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
