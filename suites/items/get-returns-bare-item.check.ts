import { item } from '../../contract/schemas.js';
import { fieldMismatch, isRecord, isSuccess, shapeViolations, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, verdict } from '../common/judge.js';
import { items } from './adapter.js';
import { itemSample, readableItems } from './fixtures.js';

// §2.7, §2.2: GET /items/{itemId} answers the item object itself, with the common fields in their types.
conformance('ITEM-GET-BARE', async (ctx: CheckContext) => {
  const reads = [...(await readableItems(ctx))];
  // A listed item read too, when the others are the run's own just written: a read path for older
  // records (a replica, a cache filled later) may answer another shape. One read more.
  const sample = await itemSample(ctx);
  const older = isSuccess(sample)
    ? items
        .records(sample)
        .map(items.idOf)
        .find((x): x is string => !!x && !reads.some((r) => r.id === x))
    : undefined;
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
