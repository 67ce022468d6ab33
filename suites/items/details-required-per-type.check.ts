import { describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { buildPartWithoutDetails, buildPartWithTireDetails, buildTireWithoutDetails, buildTireWithPartDetails } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';
import { expectRefused } from '../common/judge.js';
import { postItems } from './adapter.js';
import { itemFixture, ledgerAcceptedItems } from './fixtures.js';

// §4.2 rules: partDetails is required for a part, tireDetails for a tire. The run's accepted bulk,
// whose part and tire carry their details, is the valid twin.
// A part (tire) carrying only the other kind's details lacks its own just the same.
for (const [clause, type, variant, build] of [
  ['ITEM-PART-NEEDS-DETAILS', 'part', 'no details', buildPartWithoutDetails],
  ['ITEM-PART-NEEDS-DETAILS', 'part', 'tireDetails instead', buildPartWithTireDetails],
  ['ITEM-TIRE-NEEDS-DETAILS', 'tire', 'no details', buildTireWithoutDetails],
  ['ITEM-TIRE-NEEDS-DETAILS', 'tire', 'partDetails instead', buildTireWithPartDetails],
] as const) {
  conformance(clause, { variant, needs: ['write'] }, async (ctx: CheckContext) => {
    const fx = await itemFixture(ctx);
    if (!isSuccess(fx.create)) ctx.inconclusive(`precondition: a ${type} with its details was refused too (${describeResponse(fx.create)})`);
    await ctx.cite(fx.create);
    const input = build(seededFaker(ctx.seed, `${type}-${variant}`), ctx.marker);
    const res = await postItems(ctx, [input]);
    ledgerAcceptedItems(ctx, res, [input]);
    expectRefused(ctx, res, `POST /items with a ${type} lacking ${type}Details (${variant})`);
  });
}
