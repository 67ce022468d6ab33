import { ContractViolation, describeResponse, expectNoViolations, expectSuccess, fieldValue, isSuccess, reportedTotal } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { itemIdOf, listItems, pageRecords } from './support.js';

/** The record's last-update time is not a documented item field: look for the usual names. */
const updatedNames = ['updatedDate', 'updatedAt', 'lastUpdated', 'lastModifiedDate', 'modifiedDate', 'updated'];
const updatedOf = (r: Record<string, unknown>) => {
  const v = fieldValue(r, updatedNames);
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? undefined : t;
};

conformance('ITEM-FILTER-UPDATED', async (ctx) => {
  const farFuture = { updatedDateStart: '2999-01-01T00:00:00Z', updatedDateEnd: '2999-12-31T23:59:59Z' };
  const sample = await listItems(ctx, { size: 50, page: 1 });
  if (!isSuccess(sample)) ctx.inconclusive(`precondition: GET /items without a filter was refused (${describeResponse(sample)})`);
  const future = await listItems(ctx, { ...farFuture, size: 10, page: 1 });
  expectSuccess(future, 'GET /items with a far-future updated window');
  const leaked = pageRecords(future);
  if (leaked.length) throw new ContractViolation(`a window in the year 2999 returned ${leaked.length} items, e.g. ${itemIdOf(leaked[0]!)}`);

  const stamps = pageRecords(sample).map(updatedOf).filter((t): t is number => t !== undefined).sort((a, b) => a - b);
  if (stamps.length < 3) {
    ctx.observe('item update timestamp', 'not located in records; checked only that a future window is empty');
    return;
  }
  ctx.observe('item update timestamp', 'located; checked every record of a mid window');
  const start = new Date(stamps[Math.floor(stamps.length / 4)]!).toISOString();
  const end = new Date(stamps[Math.floor((stamps.length * 3) / 4)]!).toISOString();
  const res = await listItems(ctx, { updatedDateStart: start, updatedDateEnd: end, size: 100, page: 1 });
  expectSuccess(res, 'GET /items with an updated window');
  const records = pageRecords(res);
  const [s, e] = [Date.parse(start), Date.parse(end)];
  expectNoViolations(
    records.filter((r) => { const t = updatedOf(r); return t === undefined || t < s || t > e; }).map((r) => `${itemIdOf(r)} updated ${String(fieldValue(r, updatedNames))}`),
    `items outside the window ${start} .. ${end}`,
  );
  const total = reportedTotal(res.json) ?? records.length;
  const all = reportedTotal(sample.json);
  if (all !== undefined && total >= all && stamps[0]! < s) throw new ContractViolation(`the window ${start} .. ${end} did not narrow the list (${total} of ${all})`);
});
