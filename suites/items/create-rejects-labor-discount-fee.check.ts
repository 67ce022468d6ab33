import { expectClientError, idsIn } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { buildUncreatable } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';
import { postItems } from './support.js';

for (const itemType of ['labor', 'discount', 'fee'] as const) {
  conformance('ITEM-CREATE-ONLY-PART-TIRE', { variant: itemType, needs: ['write'] }, async (ctx) => {
    const res = await postItems(ctx, [buildUncreatable(seededFaker(ctx.seed, `uncreatable-${itemType}`), ctx.marker, itemType)]);
    for (const id of idsIn(res.json, 'itemId')) ctx.ledger.created('item', id);
    expectClientError(res, `POST /items with itemType ${itemType}`);
  });
}
