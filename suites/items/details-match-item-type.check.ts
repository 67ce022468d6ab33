import { partDetails, tireDetails } from '../../contract/schemas.js';
import { describeResponse, expectNoViolations, isSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { getItem, itemIdOf, itemIn, listItems, pageRecords } from './support.js';

const detailsSchema = { part: partDetails, tire: tireDetails } as const;

for (const type of ['part', 'tire'] as const) {
  conformance('ITEM-DETAILS-MATCH-TYPE', type, async (ctx) => {
    const list = await listItems(ctx, { type, size: 3, page: 1 });
    // Listing and reading by id are other clauses' rules (ITEM-LIST-PAGE-OBJECT, ITEM-GET-BARE): preconditions here.
    if (!isSuccess(list)) ctx.inconclusive(`precondition: GET /items?type=${type} was refused (${describeResponse(list)})`);
    // A record of the type itself (the type filter has its own check); a list record need not show itemType (§2.7), the read by id does.
    const itemId = pageRecords(list).filter((r) => r.itemType === type || !('itemType' in r)).map(itemIdOf).find(Boolean);
    if (!itemId) ctx.skip(`the company has no ${type} items to read`);
    const res = await getItem(ctx, itemId!);
    if (!isSuccess(res)) ctx.inconclusive(`precondition: GET /items/${itemId} was refused (${describeResponse(res)})`);
    const found = itemIn(res.json);
    if (!found || found.itemType !== type) ctx.inconclusive(`GET /items/${itemId} did not return a ${type} to inspect`);
    expectNoViolations(schemaViolations(detailsSchema[type], found!.details), `details of a ${type} do not have the §2.2 structure`);
  });
}
