import type { ApiResponse } from '../../harness/client.js';
import { describeResponse, expectNoViolations, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { firstOrderId } from './support.js';

// §4.6: purchase orders are read-only; a POST or PUT is never a 2xx. Sent with a plausible body,
// so a refusal is not just about an empty one.
conformance('PO-READ-ONLY', { needs: ['write'] }, async (ctx) => {
  const order = { source: 'inventory', integrationSource: 'Inventory', notes: `conformance ${ctx.marker}`, orderItems: [{ brand: null, requestedPartNumber: null, requestedQuantity: null }] };
  const writes: [string, Promise<ApiResponse>][] = [
    ['POST /purchaseOrders', ctx.api.post('/purchaseOrders', { companyId: ctx.companyId, ...order }, { companyId: ctx.companyId })],
    ['PUT /purchaseOrders', ctx.api.put('/purchaseOrders', { companyId: ctx.companyId, purchaseOrders: [order] }, { companyId: ctx.companyId })],
  ];
  // No order to aim a PUT at is fine here: the other two writes still apply.
  const id = await firstOrderId(ctx, {}, 'GET /purchaseOrders').catch(() => undefined);
  if (id) writes.push([`PUT /purchaseOrders/${id}`, ctx.api.put(`/purchaseOrders/${encodeURIComponent(id)}`, { companyId: ctx.companyId, ...order }, { companyId: ctx.companyId })]);
  const answers = await Promise.all(writes.map(([, p]) => p));
  ctx.observe('answers', Object.fromEntries(writes.map(([w], i) => [w, answers[i]!.status])));
  expectNoViolations(
    answers.map((res, i) => (isSuccess(res) ? `${writes[i]![0]}: ${describeResponse(res)}` : undefined)).filter((x): x is string => !!x),
    'a purchase-order write was accepted',
  );
});
