import type { ApiResponse } from '../../harness/client.js';
import { describeResponse, inconsistency, isClientError, isSuccess } from '../../harness/checks/index.js';
import { pageCounters, pageInconsistencies } from '../../harness/checks/items-page.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { emptyRead } from '../common/empties.js';
import { verdict } from '../common/judge.js';
import { windowLeft } from '../common/own-records.js';
import { emptyLists } from '../common/resources.js';
import { items } from './adapter.js';
import { itemFixture, itemSample } from './fixtures.js';

/** A page read at a boundary: the answer, the size asked, and the count of records the boundary is about (undefined: any). */
interface Boundary {
  res: ApiResponse;
  what: string;
  size: number;
  total?: number;
}

/** An item of the company whose itemNumber no other item carries: the run's own part, else the first listed one. */
async function oneItem(ctx: CheckContext): Promise<Boundary> {
  const size = 1;
  if (ctx.run.mode === 'full') {
    const fx = await itemFixture(ctx);
    if (!isSuccess(fx.create))
      ctx.inconclusive(`precondition: the run's items were refused (${describeResponse(fx.create)})`);
    const { itemNumber } = fx.inputs.part;
    const w = await ctx.eventually(
      `POST /items: item ${itemNumber} shown in GET /items?itemNumber=`,
      () => items.list(ctx, { itemNumber, size, page: 1 }),
      (res) => !isSuccess(res) || items.records(res).length > 0,
      windowLeft(ctx, fx.writtenAt),
    );
    return { res: w.value, what: `GET /items?itemNumber=${itemNumber} (the run's part)`, size, total: 1 };
  }
  const sample = await itemSample(ctx);
  const itemNumber = isSuccess(sample)
    ? items
        .records(sample)
        .map((r) => r.itemNumber)
        .find((n): n is string => typeof n === 'string' && n.length > 0)
    : undefined;
  if (!itemNumber) ctx.skip('the company lists no item with an itemNumber');
  return {
    res: await items.list(ctx, { itemNumber, size, page: 1 }),
    what: `GET /items?itemNumber=${itemNumber}`,
    size,
    total: 1,
  };
}

const itemsEmpty = emptyLists.find((s) => s.adapter === items)!;

/**
 * The boundaries of the items page object (§2.7, §8): an empty result, a list of one record that
 * fills exactly one page of size 1, and the size the spec's examples use (100). Each page's
 * counters must agree with its totalCount: an empty page says empty with no elements, one full
 * page says first and last, and never more than one page.
 */
const boundaries: Record<string, (ctx: CheckContext) => Promise<Boundary>> = {
  'empty result': async (ctx) => ({
    res: await emptyRead(ctx, itemsEmpty),
    what: `GET /items with ${itemsEmpty.note}`,
    size: 100,
    total: 0,
  }),
  'one record, one page': oneItem,
  'documented size 100': async (ctx) => ({ res: await itemSample(ctx), what: 'GET /items?size=100&page=1', size: 100 }),
};

for (const [variant, read] of Object.entries(boundaries)) {
  conformance('ITEM-PAGE-CONSISTENT', { variant }, async (ctx: CheckContext) => {
    const b = await read(ctx);
    await ctx.cite(b.res);
    if (isClientError(b.res))
      ctx.inconclusive(`${b.what} was refused (${describeResponse(b.res)}); the maximum page size is not shown (§8)`);
    if (!isSuccess(b.res)) ctx.inconclusive(`precondition: ${b.what} was answered ${describeResponse(b.res)}`);
    const page = pageCounters.safeParse(b.res.json);
    if (!page.success)
      ctx.inconclusive(`${b.what}: the page object lacks the counters to compare (its shape has its own check)`);
    if (b.total !== undefined && page.data.totalCount !== b.total)
      ctx.inconclusive(`${b.what} counts ${page.data.totalCount} items, not ${b.total}: not the ${variant} case`);
    ctx.observe('page judged', `${b.what}: totalCount ${page.data.totalCount}, size asked ${b.size}`);
    verdict(
      ctx,
      pageInconsistencies(page.data, 1, b.size).map((p) =>
        inconsistency(p, b.res, { what: 'the page counters and totalCount' }),
      ),
      `the items page fields disagree with totalCount (${variant})`,
      1,
      `page at the boundary "${variant}" compared with totalCount`,
    );
  });
}
