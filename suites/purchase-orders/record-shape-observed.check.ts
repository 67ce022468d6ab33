import { describeResponse, isRecord, isSuccess, shapeOf } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { getPurchaseOrder, listPurchaseOrders, orderIdOf, orderRecords } from './support.js';

// §2.6, §4.6 "not shown": other order fields and the pagination object. Recorded, never failed.
conformance('PO-RECORD-SHAPE', async (ctx) => {
  const list = await listPurchaseOrders(ctx, { size: 20, page: 1 });
  if (!isSuccess(list)) return ctx.inconclusive(`GET /purchaseOrders was refused: ${describeResponse(list)}`);
  const records = orderRecords(list);
  ctx.observe('pagination object', isRecord(list.json) ? shapeOf(list.json.pagination) : shapeOf(list.json, 1));
  ctx.observe('order fields (union over the first page)', [...new Set(records.flatMap((r) => Object.keys(r)))].sort());
  const id = records.map(orderIdOf).find(Boolean);
  if (!id) return ctx.observe('order', 'no purchase orders to read');
  const one = await getPurchaseOrder(ctx, id);
  ctx.observe('get answer', isSuccess(one) ? shapeOf(one.json) : describeResponse(one));
});
