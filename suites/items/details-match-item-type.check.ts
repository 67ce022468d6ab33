import { partDetails, tireDetails } from '../../contract/schemas.js';
import { ContractViolation, expectNoViolations, expectSuccess, isRecord, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { getItem, itemIdOf, listItems, pageRecords } from './support.js';

const detailsSchema = { part: partDetails, tire: tireDetails } as const;

for (const type of ['part', 'tire'] as const) {
  conformance('ITEM-DETAILS-MATCH-TYPE', type, async (ctx) => {
    const list = await listItems(ctx, { type, size: 3, page: 1 });
    expectSuccess(list, `GET /items?type=${type}`);
    const itemId = pageRecords(list).map(itemIdOf).find(Boolean);
    if (!itemId) ctx.skip(`the company has no ${type} items to read`);
    const res = await getItem(ctx, itemId!);
    expectSuccess(res, `GET /items/${itemId}`);
    const body = res.json;
    if (!isRecord(body) || body.itemType !== type) throw new ContractViolation(`GET /items/${itemId} did not return a ${type}`);
    expectNoViolations(schemaViolations(detailsSchema[type], body.details), `details of a ${type} do not have the §2.2 structure`);
  });
}
