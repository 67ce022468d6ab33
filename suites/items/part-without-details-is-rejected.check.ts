import { expectClientError, idsIn } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { buildPartWithoutDetails } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';
import { postItems } from './support.js';

conformance('ITEM-PART-NEEDS-DETAILS', { needs: ['write'] }, async (ctx) => {
  const res = await postItems(ctx, [buildPartWithoutDetails(seededFaker(ctx.seed, 'part-no-details'), ctx.marker)]);
  for (const id of idsIn(res.json, 'itemId')) ctx.ledger.created('item', id);
  expectClientError(res, 'POST /items with a part lacking partDetails');
});
