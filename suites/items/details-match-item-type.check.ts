import { partDetails, tireDetails } from '../../contract/schemas.js';
import { expectNoViolations, expectSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { getItem, itemIdOf, itemIn, listItems, pageRecords } from './support.js';

const detailsSchema = { part: partDetails, tire: tireDetails } as const;

for (const type of ['part', 'tire'] as const) {
  conformance('ITEM-DETAILS-MATCH-TYPE', type, async (ctx) => {
    const list = await listItems(ctx, { type, size: 3, page: 1 });
    expectSuccess(list, `GET /items?type=${type}`);
    // Pick a record of the type itself: the type filter has its own check (ITEM-FILTER-TYPE).
    const itemId = pageRecords(list).filter((r) => r.itemType === type).map(itemIdOf).find(Boolean);
    if (!itemId) ctx.skip(`the company has no ${type} items to read`);
    const res = await getItem(ctx, itemId!);
    expectSuccess(res, `GET /items/${itemId}`);
    const found = itemIn(res.json);
    if (!found || found.itemType !== type) ctx.inconclusive(`GET /items/${itemId} did not return a ${type} to inspect`);
    expectNoViolations(schemaViolations(detailsSchema[type], found!.details), `details of a ${type} do not have the §2.2 structure`);
  });
}
