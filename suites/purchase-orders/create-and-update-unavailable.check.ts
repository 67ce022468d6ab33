import type { ApiResponse } from '../../harness/client.js';
import { isSuccess, refusalMissing } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { orderIdOf } from './adapter.js';
import { poListSample, recordsOf } from './reads.js';

// §1, §4.6: purchase orders are read-only; create and update are not available (PATCH included). Only that is stated, so any
// answer but a 2xx holds (405, 404, 400, 403…). Sent with a plausible body, so a refusal is not
// just about an empty one. A PUT aimed at an existing order is added when requests are not
// counted (not frugal): two writes are what a live run spends here.
conformance('PO-READ-ONLY', { needs: ['write'] }, async (ctx: CheckContext) => {
  const order = {
    source: 'inventory',
    integrationSource: 'Inventory',
    notes: `conformance ${ctx.marker}`,
    orderItems: [{ brand: null, requestedPartNumber: null, requestedQuantity: null }],
  };
  const writes: [string, () => Promise<ApiResponse>][] = [
    [
      'POST /purchaseOrders',
      () => ctx.api.post('/purchaseOrders', { companyId: ctx.companyId, ...order }, { companyId: ctx.companyId }),
    ],
    [
      'PUT /purchaseOrders',
      () =>
        ctx.api.put(
          '/purchaseOrders',
          { companyId: ctx.companyId, purchaseOrders: [order] },
          { companyId: ctx.companyId },
        ),
    ],
    [
      'PATCH /purchaseOrders',
      () =>
        ctx.api.patch(
          '/purchaseOrders',
          { companyId: ctx.companyId, purchaseOrders: [order] },
          { companyId: ctx.companyId },
        ),
    ],
  ];
  if (!ctx.frugal) {
    const sample = await poListSample(ctx);
    const id = recordsOf(sample).map(orderIdOf).find(Boolean);
    if (id)
      writes.push([
        `PUT /purchaseOrders/${id}`,
        () =>
          ctx.api.put(
            `/purchaseOrders/${encodeURIComponent(id)}`,
            { companyId: ctx.companyId, ...order },
            { companyId: ctx.companyId },
          ),
      ]);
    // §1 read-only: no deletion either. Sent only to the embedded mock: against a live target, a
    // wrong answer would have deleted a real order.
    if (id && ctx.target.kind === 'embedded')
      writes.push([
        `DELETE /purchaseOrders/${id}`,
        () =>
          ctx.api.request({
            method: 'DELETE',
            path: `/purchaseOrders/${encodeURIComponent(id)}`,
            query: { companyId: ctx.companyId },
          }),
      ]);
  }
  const answers = await Promise.all(writes.map(([, send]) => send()));
  ctx.observe('answers', Object.fromEntries(writes.map(([w], i) => [w, answers[i]!.status])));
  verdict(
    ctx,
    answers.flatMap((res, i) => (isSuccess(res) ? [refusalMissing(res, writes[i]![0], 'any answer but a 2xx')] : [])),
    'a purchase-order write was accepted',
    answers.length,
    'purchase-order writes not accepted',
  );
});
