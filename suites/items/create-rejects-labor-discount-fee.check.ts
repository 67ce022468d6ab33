import { describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { buildUncreatable } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';
import { expectRefused } from '../common/judge.js';
import { postItems } from './adapter.js';
import { itemFixture, ledgerAcceptedItems } from './fixtures.js';

// §2.2, §4.2: creation accepts only part and tire. The run's accepted bulk of parts and a tire is
// the valid twin: without it, a refusal here could be of anything.
for (const itemType of ['labor', 'discount', 'fee'] as const) {
  conformance('ITEM-CREATE-ONLY-PART-TIRE', { variant: itemType, needs: ['write'] }, async (ctx: CheckContext) => {
    const fx = await itemFixture(ctx);
    if (!isSuccess(fx.create)) ctx.inconclusive(`precondition: valid parts and tires were refused too (${describeResponse(fx.create)})`);
    await ctx.cite(fx.create);
    const input = buildUncreatable(seededFaker(ctx.seed, `uncreatable-${itemType}`), ctx.marker, itemType);
    const res = await postItems(ctx, [input]);
    ledgerAcceptedItems(ctx, res, [input]);
    expectRefused(ctx, res, `POST /items with itemType ${itemType}`);
  });
}
