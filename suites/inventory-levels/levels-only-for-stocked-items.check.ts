import { describeResponse, isClientError, isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition, verdict } from '../common/judge.js';
import { items } from '../items/adapter.js';
import { itemFixture } from '../items/fixtures.js';
import { levelsIn, sampleItemIds } from './adapter.js';
import { levelList } from './fixtures.js';

// §4.4 GET /inventoryLevels: levels for stocked items only; stock is PartDetails.isStockItem (§2.2).
// Items with levels are read by id to see their stock flag; the run's own part that is not stocked
// must not show up at all.
conformance('INVENTORY-STOCKED-ONLY', async (ctx: CheckContext) => {
  const res = await levelList(ctx);
  await ctx.cite(res);
  if (isClientError(res)) ctx.inconclusive(`GET /inventoryLevels was refused (${describeResponse(res)}); its parameters are the profile's guesses`);
  precondition(ctx, res, 'GET /inventoryLevels');
  const listed = new Set(levelsIn(ctx, res.json).map((l) => l.itemId).filter(Boolean));
  const problems: string[] = [];
  let judged = 0;
  if (ctx.run.mode === 'full') {
    const fx = await itemFixture(ctx);
    const unstocked = fx.ids.unstocked;
    // Its absence counts only when the list shows the run's stocked parts: a list that shows none of
    // the run's items (empty, another page, another location) proves nothing by leaving it out.
    const stockedListed = [fx.ids['stocked-a'], fx.ids['stocked-b']].some((id) => id !== undefined && listed.has(id));
    if (unstocked && (stockedListed || listed.has(unstocked))) {
      judged += 1;
      if (listed.has(unstocked)) problems.push(`the run's part ${unstocked}, created with isStockItem false, has levels in the list`);
    }
  }
  const sample = sampleItemIds(levelsIn(ctx, res.json), ctx.frugal ? 3 : 12);
  const reads = await Promise.all(sample.map((id) => items.get(ctx, id)));
  reads.forEach((r, i) => {
    const details = isSuccess(r) ? items.recordIn(r, sample[i]!)?.details : undefined;
    const stock = isRecord(details) ? details.isStockItem : undefined;
    if (typeof stock !== 'boolean') return; // tires and others carry no isStockItem (§2.2)
    judged += 1;
    if (!stock) problems.push(`item ${sample[i]} has levels but details.isStockItem is false`);
  });
  if (judged === 0) ctx.inconclusive(`none of the ${sample.length} sampled items with levels shows details.isStockItem, so stocking cannot be judged`);
  verdict(ctx, problems, 'GET /inventoryLevels lists levels for items that are not stocked', judged, 'items with levels judged by their stock flag');
});
