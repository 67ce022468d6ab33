import { writeEnvelope } from '../../contract/schemas.js';
import { expectNoViolations, expectSuccess, idsIn, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { buildTire } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';
import { postItems } from './support.js';

conformance('ITEM-CREATE-ENVELOPE', { variant: 'tire', needs: ['write'] }, async (ctx) => {
  const res = await postItems(ctx, [buildTire(seededFaker(ctx.seed, 'create-tire'), ctx.marker)]);
  expectSuccess(res, 'POST /items with a valid tire');
  for (const id of idsIn(res.json, 'itemId')) ctx.ledger.created('item', id);
  expectNoViolations(schemaViolations(writeEnvelope, res.json), 'POST /items body is not { success, message, data }');
});
