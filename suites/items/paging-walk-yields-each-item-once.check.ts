import { expectNoViolations, expectSuccess, oversizedPages, repeatedRecords, reportedTotal, totalMismatch, walkPages } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { itemIdOf, listItems, pageRecords } from './support.js';

// Labor items cannot be created (§4.2) and nothing updated after the run began is included, so
// concurrent checks (and one faulty filter) cannot change this subset mid-walk.
conformance('ITEM-PAGING', async (ctx) => {
  const size = 10;
  const walk = await walkPages(size, async (page) => {
    const res = await listItems(ctx, { type: 'labor', updatedDateEnd: ctx.run.startedAt, size, page });
    expectSuccess(res, `GET /items?type=labor&page=${page}`);
    return { page, ids: pageRecords(res).map(itemIdOf), total: reportedTotal(res.json) };
  });
  if (walk.pages.length === 0) ctx.skip('the company has no labor items from before the run to page through');
  if (walk.pages.length < 2) ctx.observe('paging walk', `only ${walk.pages.length} page(s) of labor items: walked what exists`);
  expectNoViolations(
    [...repeatedRecords(walk), ...oversizedPages(walk), ...(walk.end === 'truncated' ? [] : totalMismatch(walk))],
    'walking GET /items pages',
  );
});
