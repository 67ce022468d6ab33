import { writeEnvelope } from '../../contract/schemas.js';
import { expectNoViolations, expectSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { buildPart } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';
import { archiveItems, createItemForCheck } from './support.js';

conformance('ITEM-ARCHIVE-ENVELOPE', { needs: ['write'] }, async (ctx) => {
  const itemId = await createItemForCheck(ctx, buildPart(seededFaker(ctx.seed, 'archive-envelope'), ctx.marker));
  const res = await archiveItems(ctx, [itemId]);
  expectSuccess(res, 'PATCH /items');
  ctx.ledger.archived('item', itemId);
  expectNoViolations(schemaViolations(writeEnvelope, res.json), 'PATCH /items body is not { success, message, data }');
});
