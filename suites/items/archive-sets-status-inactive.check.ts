import { ContractViolation, describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { buildPart } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';
import { archiveItems, createItemForCheck, getItem, itemIn } from './support.js';

conformance('ITEM-ARCHIVE-INACTIVE', { needs: ['write'] }, async (ctx) => {
  const itemId = await createItemForCheck(ctx, buildPart(seededFaker(ctx.seed, 'archive-inactive'), ctx.marker, { status: 'Active' }));
  const archived = await archiveItems(ctx, [itemId]);
  if (!isSuccess(archived)) ctx.inconclusive(`PATCH /items was refused (${describeResponse(archived)}); its envelope has its own check`);
  ctx.ledger.archived('item', itemId);
  const res = await getItem(ctx, itemId);
  if (!isSuccess(res)) throw new ContractViolation(`the archived item is no longer readable by id: ${describeResponse(res)}`);
  const status = itemIn(res.json)?.status;
  if (status !== 'Inactive') throw new ContractViolation(`after PATCH /items the item's status is ${JSON.stringify(status)}, expected "Inactive"`);
});
