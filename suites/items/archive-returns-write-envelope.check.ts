import { writeEnvelope } from '../../contract/schemas.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, expectShape } from '../common/judge.js';
import { expectStatedTypes } from '../common/stated-types.js';
import { itemArchive } from './fixtures.js';

// §4.2 PATCH /items, §2.7: the write envelope. The records it shows keep their §2 types.
conformance('ITEM-ARCHIVE-ENVELOPE', { needs: ['write'] }, async (ctx: CheckContext) => {
  const ar = await itemArchive(ctx);
  await ctx.cite(ar.patch);
  expect2xx(ctx, ar.patch, 'PATCH /items archiving two items');
  expectShape(ctx, writeEnvelope, ar.patch.json, 'the PATCH /items answer', ar.patch);
  expectStatedTypes(ctx, ar.patch, 'item', 'the PATCH /items answer');
});
