import { item } from '../../contract/schemas.js';
import { fieldMismatch, isRecord, shapeViolations, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, verdict } from '../common/judge.js';
import { listedBesides } from '../common/listing.js';
import { items } from './adapter.js';
import { itemSample, readableItems } from './fixtures.js';

// §2.7, §2.2: GET /items/{itemId} answers the item object itself, with the common fields in their types.
conformance('ITEM-GET-BARE', async (ctx: CheckContext) => {
  const reads = [...(await readableItems(ctx))];
  // A listed item read too (listedBesides), when the others are the run's own just written: one read more.
  const older = listedBesides(
    items,
    await itemSample(ctx),
    reads.map((r) => r.id),
  );
  if (older && ctx.run.mode === 'full') reads.push({ id: older, read: await items.get(ctx, older) });
  const problems: Failure[] = [];
  for (const { id, read } of reads) {
    await ctx.cite(read);
    expect2xx(ctx, read, `GET /items/${id}`);
    problems.push(...shapeViolations(item, read.json, read));
    if (isRecord(read.json) && 'itemId' in read.json && String(read.json.itemId) !== id)
      problems.push(fieldMismatch(`GET /items/${id}`, 'itemId', id, read.json.itemId, read, 'itemId'));
  }
  verdict(ctx, problems, 'GET /items/{itemId} is not the bare item of §2.2', reads.length, 'items read by id');
});
