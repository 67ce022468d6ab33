import type { ApiResponse } from '../../harness/client.js';
import {
  describeResponse,
  fieldMismatch,
  isClientError,
  isRecord,
  isSuccess,
  leaked,
  type Failure,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition, verdict } from '../common/judge.js';
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

// §4.4 GET /inventoryLevels: levels for stocked items only; stock is PartDetails.isStockItem (§2.2).
// - The run's own part created not stocked must not show up on any page the run reads: the first
//   page, and pages from the end back until the run's stocked parts (same create) show, which is
//   where the new items sit. A presence fails wherever it is; an absence counts only on pages that
//   show the run's stocked parts, or when the whole list was read (no paging is assumed).
// - Items with levels on the pages read (a sample spread over them) are read by id to see their stock flag.
conformance('INVENTORY-STOCKED-ONLY', async (ctx: CheckContext) => {
  const res = await levelList(ctx);
  await ctx.cite(res);
  if (isClientError(res))
    ctx.inconclusive(
      `GET /inventoryLevels was refused (${describeResponse(res)}); its parameters are the profile's guesses`,
    );
  precondition(ctx, res, 'GET /inventoryLevels');
  const problems: Failure[] = [];
  let judged = 0;
  // Every page read: a list may keep to stocked items on its first page only.
  let read: ApiResponse[] = [res];
  if (ctx.run.mode === 'full') {
    const fx = await itemFixture(ctx);
    const unstocked = fx.ids.unstocked;
    const stocked = [fx.ids['stocked-a'], fx.ids['stocked-b']].filter((id): id is string => id !== undefined);
    const { pages, whole } = unstocked ? await pagesFromEnd(ctx, res, stocked) : { pages: [res], whole: false };
    read = pages;
    const listed = listedIn(ctx, pages);
    const stockedListed = stocked.some((id) => listed.has(id));
    ctx.observe("pages read for the run's parts", { pages: pages.length, whole, stockedListed });
    if (unstocked && (stockedListed || whole || listed.has(unstocked))) {
      judged += 1;
      if (listed.has(unstocked))
        problems.push(
          leaked(
            unstocked,
            'the run created it with isStockItem false',
            pages.find((p) => listedIn(ctx, [p]).has(unstocked)) ?? res,
          ),
        );
    }
  }
  const sample = sampleItemIds(
    read.flatMap((p) => (isSuccess(p) ? levelsIn(ctx, p.json) : [])),
    ctx.frugal ? 3 : 12,
  );
  const reads = await Promise.all(sample.map((id) => items.get(ctx, id)));
  reads.forEach((r, i) => {
    const details = isSuccess(r) ? items.recordIn(r, sample[i]!)?.details : undefined;
    const stock = isRecord(details) ? details.isStockItem : undefined;
    if (typeof stock !== 'boolean') return; // tires and others carry no isStockItem (§2.2)
    judged += 1;
    if (!stock)
      problems.push(
        fieldMismatch(`item ${sample[i]} has levels`, 'details.isStockItem', true, stock, r, 'details.isStockItem'),
      );
  });
  if (judged === 0)
    ctx.inconclusive(
      `none of the ${sample.length} sampled items with levels shows details.isStockItem, so stocking cannot be judged`,
    );
  verdict(
    ctx,
    problems,
    'GET /inventoryLevels lists levels for items that are not stocked',
    judged,
    'items with levels judged by their stock flag',
  );
});
