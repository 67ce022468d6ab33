import {
  ContractViolation,
  describeResponse,
  expectNoViolations,
  expectSuccess,
  isSuccess,
  middleWindow,
  recordsOutsideWindow,
  reportedTotal,
  updatedStampOf,
} from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { itemIdOf, listItems, pageRecords } from './support.js';

// §4.2 updatedDateStart / updatedDateEnd (ISO 8601): only items last updated inside the window.
conformance('ITEM-FILTER-UPDATED', async (ctx) => {
  const farFuture = { updatedDateStart: '2999-01-01T00:00:00Z', updatedDateEnd: '2999-12-31T23:59:59Z' };
  const sample = await listItems(ctx, { size: 50, page: 1 });
  if (!isSuccess(sample)) ctx.inconclusive(`precondition: GET /items without a filter was refused (${describeResponse(sample)})`);
  const future = await listItems(ctx, { ...farFuture, size: 10, page: 1 });
  expectSuccess(future, 'GET /items with a far-future updated window');
  const leaked = pageRecords(future);
  if (leaked.length) throw new ContractViolation(`a window in the year 2999 returned ${leaked.length} items, e.g. ${itemIdOf(leaked[0]!)}`);

  // The update time is not a documented item field (§2.2): judge records only where it is located.
  const sampled = pageRecords(sample);
  const window = middleWindow(sampled);
  if (!window) {
    ctx.observe('item update timestamp', 'not located in records; checked only that a future window is empty');
    return;
  }
  ctx.observe('item update timestamp', 'located; checked every record of a mid window');
  const res = await listItems(ctx, { updatedDateStart: window.start, updatedDateEnd: window.end, size: 100, page: 1 });
  expectSuccess(res, 'GET /items with an updated window');
  const records = pageRecords(res);
  expectNoViolations(recordsOutsideWindow(records, window, itemIdOf), `items outside the window ${window.start} .. ${window.end}`);
  const total = reportedTotal(res.json) ?? records.length;
  const all = reportedTotal(sample.json);
  const earliest = Math.min(...sampled.map(updatedStampOf).filter((t): t is number => t !== undefined));
  if (all !== undefined && total >= all && earliest < Date.parse(window.start)) {
    throw new ContractViolation(`the window ${window.start} .. ${window.end} did not narrow the list (${total} of ${all})`);
  }
});
