import { ContractViolation, describeResponse, expectNoViolations, expectSuccess, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { itemIdOf, listItems, pageRecords } from './support.js';

conformance('ITEM-FILTER-ITEMNUMBER', async (ctx) => {
  const sample = await listItems(ctx, { size: 20, page: 2 });
  if (!isSuccess(sample)) ctx.inconclusive(`precondition: GET /items without a filter was refused (${describeResponse(sample)})`);
  const target = pageRecords(sample).find((r) => typeof r.itemNumber === 'string' && r.itemNumber.length > 0);
  if (!target) ctx.skip('no item with an itemNumber on the sampled page');
  const itemNumber = target!.itemNumber as string;
  const res = await listItems(ctx, { itemNumber, size: 50, page: 1 });
  expectSuccess(res, `GET /items?itemNumber=${itemNumber}`);
  const records = pageRecords(res);
  expectNoViolations(
    records.filter((r) => r.itemNumber !== itemNumber).map((r) => `${itemIdOf(r)} has itemNumber ${String(r.itemNumber)}`),
    `itemNumber=${itemNumber} returned other item numbers`,
  );
  if (!records.some((r) => itemIdOf(r) === itemIdOf(target!))) throw new ContractViolation(`itemNumber=${itemNumber} did not return item ${itemIdOf(target!)}, which has it`);
});
