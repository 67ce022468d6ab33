import type { ApiResponse } from '../../harness/client.js';
import { describeResponse, isClientError, isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition } from '../common/judge.js';
import { items } from '../items/adapter.js';
import { itemFixture } from '../items/fixtures.js';
import { inventoryLevels, levelsIn, sampleItemIds } from './adapter.js';
import { levelList } from './fixtures.js';

/** Item ids a page of the list shows levels for. */
const listedIn = (ctx: CheckContext, pages: readonly ApiResponse[]) =>
  new Set(pages.flatMap((p) => (isSuccess(p) ? levelsIn(ctx, p.json).map((l) => l.itemId) : [])).filter(Boolean));

/**
 * Pages of GET /inventoryLevels after the shared first one, from the last page back, until the
 * run's stocked parts show (new records sit at one end of a list, whichever order the server
 * keeps; §4.4 shows none): each read with the first page's size, at most 1 more page under rate
 * limits and 3 in a full run. None when the first page reports no total: the paging of §4.4 is not
 * shown, so no page number is guessed. `whole` when every page was read.
 */
async function pagesFromEnd(
  ctx: CheckContext,
  first: ApiResponse,
  stocked: readonly string[],
): Promise<{ pages: ApiResponse[]; whole: boolean }> {
  const perPage = inventoryLevels.records(first).length;
  const total = inventoryLevels.total(first);
  if (total === undefined || perPage === 0) return { pages: [first], whole: false };
  const last = Math.ceil(total / perPage);
  const pages = [first];
  const shown = () => stocked.some((id) => listedIn(ctx, pages).has(id));
  for (let page = last; page > 1 && pages.length <= (ctx.frugal ? 1 : 3) && !shown(); page--)
    pages.push(await inventoryLevels.list(ctx, { size: perPage, page }));
  return { pages, whole: pages.length >= last };
}

// §4.4 GET /inventoryLevels is for stocked items, and §2.2 has PartDetails.isStockItem, but what makes
// an item stocked is not defined (S-2.4-stocked-definition: a target may count every part, or any
// item that ever held a level). So nothing is judged; what is recorded:
// - whether the run's own part created with isStockItem false shows up on the pages read (the first,
//   and pages from the end back until the run's stocked parts, same create, show);
// - the stock flag of a sample of the items with levels, read by id.
conformance('INVENTORY-STOCKED-ONLY', async (ctx: CheckContext) => {
  const res = await levelList(ctx);
  await ctx.cite(res);
  if (isClientError(res))
    ctx.inconclusive(
      `GET /inventoryLevels was refused (${describeResponse(res)}); its parameters are the profile's guesses`,
    );
  precondition(ctx, res, 'GET /inventoryLevels');
  let read: ApiResponse[] = [res];
  if (ctx.run.mode === 'full') {
    const fx = await itemFixture(ctx);
    const unstocked = fx.ids.unstocked;
    const stocked = [fx.ids['stocked-a'], fx.ids['stocked-b']].filter((id): id is string => id !== undefined);
    const { pages, whole } = unstocked ? await pagesFromEnd(ctx, res, stocked) : { pages: [res], whole: false };
    read = pages;
    const listed = listedIn(ctx, pages);
    ctx.observe("the run's parts in the levels", {
      pages: pages.length,
      whole,
      stockedListed: stocked.filter((id) => listed.has(id)),
      ...(unstocked ? { unstockedListed: listed.has(unstocked) } : {}),
    });
  }
  const sample = sampleItemIds(
    read.flatMap((p) => (isSuccess(p) ? levelsIn(ctx, p.json) : [])),
    ctx.frugal ? 3 : 12,
  );
  const reads = await Promise.all(sample.map((id) => items.get(ctx, id)));
  const flags = Object.fromEntries(
    reads.map((r, i) => {
      const details = isSuccess(r) ? items.recordIn(r, sample[i]!)?.details : undefined;
      return [sample[i]!, isRecord(details) ? (details.isStockItem ?? null) : null];
    }),
  );
  ctx.observe('isStockItem of items with levels (null: not shown)', flags);
});
