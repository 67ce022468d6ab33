import { isRecord, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { ordersReadById, poReadsById } from './reads.js';

// §2.6: orderItems is the array of line items of an order. Judged on the orders read by id, one per
// backend (whether list records carry it is not shown, §4.6). An order may have no lines: [] holds.
conformance('PO-ORDER-ITEMS-ARRAY', async (ctx: CheckContext) => {
  const read = ordersReadById(await poReadsById(ctx));
  if (!read.length) ctx.skip('no purchase order could be read by id (each backend empty or refused)');
  await ctx.cite(...read.map((r) => r.res));
  verdict(
    ctx,
    read
      .filter(({ record }) => !Array.isArray(record.orderItems))
      .map(({ id, record, res }): Failure => ({
        kind: 'shape-violation',
        message: `order ${id}: orderItems is ${'orderItems' in record ? JSON.stringify(isRecord(record.orderItems) ? 'an object' : record.orderItems) : 'missing'}`,
        issue: 'orderItems is not an array',
        expected: 'an array of line items',
        actual: 'orderItems' in record ? record.orderItems : 'absent',
        ...(res.exchangeId ? { exchange: res.exchangeId } : {}),
      })),
    'orders whose orderItems is not an array',
    read.length,
    'orders read by id with their line-item array',
  );
});
