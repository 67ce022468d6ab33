import { describeResponse, expectNoViolations, expectSuccess, isClientError, isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { getItem, itemIn } from '../items/support.js';
import { levelsIn, listLevels, sampleItemIds } from './support.js';

// §4.4 GET /inventoryLevels: levels for stocked items. Stock is PartDetails.isStockItem (§2.2).
conformance('INVENTORY-STOCKED-ONLY', async (ctx) => {
  const res = await listLevels(ctx);
  if (isClientError(res)) ctx.inconclusive(`GET /inventoryLevels was refused (${describeResponse(res)}); its parameters are the profile's guesses`);
  expectSuccess(res, 'GET /inventoryLevels');
  const sample = sampleItemIds(levelsIn(ctx, res.json), 12);
  if (!sample.length) ctx.skip('the list shows no levels with an itemId');
  const items = await Promise.all(sample.map((id) => getItem(ctx, id)));
  const judged: string[] = [];
  const problems: string[] = [];
  items.forEach((r, i) => {
    const details = isSuccess(r) ? itemIn(r.json)?.details : undefined;
    const stock = isRecord(details) ? details.isStockItem : undefined;
    if (typeof stock !== 'boolean') return; // tires and others carry no isStockItem (§2.2)
    judged.push(sample[i]!);
    if (!stock) problems.push(`item ${sample[i]} has levels but details.isStockItem is false`);
  });
  if (!judged.length) ctx.inconclusive(`none of the ${sample.length} sampled items shows details.isStockItem, so stocking cannot be judged`);
  ctx.observe('items judged', `${judged.length} of ${sample.length} sampled`);
  expectNoViolations(problems, 'GET /inventoryLevels lists levels for items that are not stocked');
});
