import { isRecord, isSuccess, shapeOf } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { purchaseOrders } from './adapter.js';
import {
  allReads,
  backendSlices,
  ordersReadById,
  poReadsById,
  poSlices,
  sampledOrders,
  slices,
  unionSlices,
} from './reads.js';

// §2.6, §4.6 "not shown": the other order fields, whether list records carry line items, the
// pagination object and which lists report a total. Recorded from the shared reads, never failed.
conformance('PO-RECORD-SHAPE', async (ctx: CheckContext) => {
  const [reads, byId] = await Promise.all([poSlices(ctx), poReadsById(ctx)]);
  const got = ordersReadById(byId);
  await ctx.cite(...allReads(reads), ...got.map((g) => g.res));
  const plain = reads.omitted;
  if (!isSuccess(plain)) ctx.inconclusive(`GET /purchaseOrders was refused (HTTP ${plain.status})`);
  const listed = sampledOrders(reads);
  ctx.observe(
    'pagination object',
    isRecord(plain.json) ? shapeOf(plain.json.pagination ?? null) : shapeOf(plain.json, 1),
  );
  ctx.observe(
    'reported totals',
    Object.fromEntries(
      [...unionSlices, ...backendSlices].map((n) => [
        slices[n].label,
        isSuccess(reads[n]) ? (purchaseOrders.total(reads[n]) ?? 'none') : `HTTP ${reads[n].status}`,
      ]),
    ),
  );
  ctx.observe(
    'list record fields (union over the pages read)',
    [...new Set(listed.flatMap((r) => Object.keys(r)))].sort(),
  );
  ctx.observe(
    'list records carrying orderItems',
    `${listed.filter((r) => Array.isArray(r.orderItems)).length} of ${listed.length}`,
  );
  if (got[0]) ctx.observe('get answer', shapeOf(got[0].res.json));
  ctx.saw(listed.length + got.length, 'order records whose shape was recorded');
});
