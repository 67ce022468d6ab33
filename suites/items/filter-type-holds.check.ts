import { itemTypes } from '../../contract/schemas.js';
import { expectNoViolations, expectSuccess, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { getItem, itemIdOf, itemIn, listItems, pageRecords } from './support.js';

/** Records read by id per type when the list records do not show their itemType. */
const readBack = 3;

// §4.2: type filters on itemType. Which fields a list record carries is not shown (§2.7 gives only
// `content`): a record without itemType is judged on a few reads by id (§2.2), never on its absence.
conformance('ITEM-FILTER-TYPE', async (ctx) => {
  const responses = await Promise.all(itemTypes.map((type) => listItems(ctx, { type, size: 25, page: 1 })));
  const judged: { type: string; itemId: string; itemType: unknown }[] = [];
  const unshown: { type: string; itemId: string }[] = [];
  let listed = 0;
  responses.forEach((res, i) => {
    const type = itemTypes[i]!;
    expectSuccess(res, `GET /items?type=${type}`);
    const records = pageRecords(res);
    listed += records.length;
    for (const r of records) {
      if ('itemType' in r) judged.push({ type, itemId: itemIdOf(r), itemType: r.itemType });
      else if (unshown.filter((u) => u.type === type).length < readBack) unshown.push({ type, itemId: itemIdOf(r) });
    }
  });
  if (listed === 0) ctx.skip('no items of any type listed: the company has nothing to filter');
  const reads = await Promise.all(unshown.map((u) => getItem(ctx, u.itemId)));
  reads.forEach((res, i) => {
    const item = isSuccess(res) ? itemIn(res.json) : undefined;
    if (item && 'itemType' in item) judged.push({ ...unshown[i]!, itemType: item.itemType });
  });
  if (judged.length === 0) ctx.inconclusive('neither the list records nor the items read by id show an itemType to judge the filter by');
  expectNoViolations(
    judged.filter((j) => j.itemType !== j.type).map((j) => `type=${j.type} returned ${j.itemId} of itemType ${String(j.itemType)}`),
    'GET /items?type= returned other types',
  );
});
