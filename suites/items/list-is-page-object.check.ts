import { itemsPage } from '../../contract/schemas.js';
import { expectNoViolations, expectSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { listItems } from './support.js';

conformance('ITEM-LIST-PAGE-OBJECT', async (ctx) => {
  const res = await listItems(ctx, { size: 5, page: 1 });
  expectSuccess(res, 'GET /items');
  expectNoViolations(schemaViolations(itemsPage, res.json), 'GET /items is not the §2.7 page object');
});
