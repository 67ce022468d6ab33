import { item } from '../../contract/schemas.js';
import { ContractViolation, describeResponse, expectNoViolations, expectSuccess, isSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { getItem, itemIdOf, listItems, pageRecords } from './support.js';

conformance('ITEM-GET-BARE', async (ctx) => {
  const list = await listItems(ctx, { size: 5, page: 1 });
  // Listing is ITEM-LIST-PAGE-OBJECT's rule; here it only finds an id to read.
  if (!isSuccess(list)) ctx.inconclusive(`precondition: GET /items was refused (${describeResponse(list)})`);
  const itemId = pageRecords(list).map(itemIdOf).find(Boolean);
  if (!itemId) ctx.skip('the company has no items to read');
  const res = await getItem(ctx, itemId!);
  expectSuccess(res, `GET /items/${itemId}`);
  expectNoViolations(schemaViolations(item, res.json), 'GET /items/{itemId} is not the bare item of §2.2');
  const body = res.json as { itemId: string };
  if (body.itemId !== itemId) throw new ContractViolation(`asked for ${itemId}, got itemId ${body.itemId}`);
});
