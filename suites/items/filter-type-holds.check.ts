import { itemTypes } from '../../contract/schemas.js';
import { expectNoViolations, expectSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { itemIdOf, listItems, pageRecords } from './support.js';

conformance('ITEM-FILTER-TYPE', async (ctx) => {
  const responses = await Promise.all(itemTypes.map((type) => listItems(ctx, { type, size: 25, page: 1 })));
  const problems: string[] = [];
  responses.forEach((res, i) => {
    const type = itemTypes[i]!;
    expectSuccess(res, `GET /items?type=${type}`);
    for (const r of pageRecords(res)) if (r.itemType !== type) problems.push(`type=${type} returned ${itemIdOf(r)} of itemType ${String(r.itemType)}`);
  });
  expectNoViolations(problems, 'GET /items?type= returned other types');
});
