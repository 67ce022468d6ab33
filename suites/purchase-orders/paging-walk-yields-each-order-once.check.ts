import {
  ContractViolation,
  describeResponse,
  expectNoViolations,
  isSuccess,
    oversizedPages,
  repeatedRecords,
  totalMismatch,
  walkPages,
} from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { listPurchaseOrders, listTotal, orderIdOf, orderRecords } from './support.js';

// §4.6, §8: size and page walk the combined list. Purchase orders are read-only, so the set holds still.
conformance('PO-PAGING', async (ctx) => {
  const size = 10;
  const walk = await walkPages(size, async (page) => {
    const res = await listPurchaseOrders(ctx, { size, page });
    if (!isSuccess(res)) throw new ContractViolation(`GET /purchaseOrders?size=${size}&page=${page}: ${describeResponse(res)}`);
    return { page, ids: orderRecords(res).map((r) => `${String(r.source)}|${orderIdOf(r) ?? JSON.stringify(r)}`), total: listTotal(res) };
  }, 30);
  if (walk.pages.length === 0) ctx.skip('the company has no purchase orders to page through');
  if (walk.pages.length < 2) ctx.observe('paging walk', `only ${walk.pages.length} page of ${size}: walked what exists`);
  expectNoViolations(
    [...repeatedRecords(walk), ...oversizedPages(walk), ...(walk.end === 'truncated' ? [] : totalMismatch(walk))],
    'walking GET /purchaseOrders pages',
  );
});
