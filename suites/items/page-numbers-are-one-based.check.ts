import { itemsPage, type ItemsPage } from '../../contract/schemas.js';
import { ContractViolation, expectNoViolations, expectSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { listItems } from './support.js';

conformance('ITEM-PAGE-ONE-BASED', async (ctx) => {
  const [first, second] = await Promise.all([listItems(ctx, { size: 1, page: 1 }), listItems(ctx, { size: 1, page: 2 })]);
  for (const [page, res] of [[1, first], [2, second]] as const) {
    expectSuccess(res, `GET /items?page=${page}`);
    expectNoViolations(schemaViolations(itemsPage, res.json), `page ${page} is not a page object`);
    const body = res.json as ItemsPage;
    if (page === 2 && body.totalCount < 2) continue; // no second page to number
    if (body.number !== page || body.pageable.pageNumber !== page) {
      throw new ContractViolation(`page=${page} reported number ${body.number} and pageable.pageNumber ${body.pageable.pageNumber}; both must be ${page}`);
    }
  }
});
