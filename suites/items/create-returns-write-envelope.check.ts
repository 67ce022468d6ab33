import { writeEnvelope } from '../../contract/schemas.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, expectShape } from '../common/judge.js';
import { expectStatedTypes } from '../common/stated-types.js';
import { itemFixture, itemRoles } from './fixtures.js';

// §4.2 POST /items, §2.7: the write envelope. Judged on the run's one bulk create of parts and a tire. The records it shows keep their §2 types.
conformance('ITEM-CREATE-ENVELOPE', { needs: ['write'] }, async (ctx: CheckContext) => {
  const fx = await itemFixture(ctx);
  await ctx.cite(fx.create);
  expect2xx(ctx, fx.create, `POST /items with ${itemRoles.length} valid parts and tires`);
  expectShape(ctx, writeEnvelope, fx.create.json, 'the POST /items answer', fx.create);
  expectStatedTypes(ctx, fx.create, 'item', 'the POST /items answer');
});
