import { describeResponse, expectNoViolations, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { getPurchaseOrder, listPurchaseOrders, orderIdOf, orderRecords } from './support.js';

// §5.3, §7 row 9: without the Purchase Orders permission both endpoints answer 403.
conformance('PO-PERMISSION-REQUIRED', { needs: ['tokenNoPo'] }, async (ctx) => {
  const noPo = ctx.as(ctx.target.tokenNoPo!);
  const [control, list] = await Promise.all([listPurchaseOrders(ctx, { size: 1, page: 1 }), listPurchaseOrders(ctx, { size: 1, page: 1 }, noPo)]);
  if (!isSuccess(control)) ctx.inconclusive(`precondition: GET /purchaseOrders with the full token was refused (${describeResponse(control)})`);
  // A real id only: with an unknown one, a 404 before the permission test would prove nothing either way.
  const id = orderRecords(control).map(orderIdOf).find(Boolean);
  const get = id ? await getPurchaseOrder(ctx, id, noPo) : undefined;
  ctx.observe('answers without the permission', { list: list.status, get: get?.status ?? 'not sent: the company has no purchase orders' });
  expectNoViolations(
    [
      ...(list.status === 403 ? [] : [`GET /purchaseOrders: expected HTTP 403, got ${describeResponse(list)}`]),
      ...(!get || get.status === 403 ? [] : [`GET /purchaseOrders/${id}: expected HTTP 403, got ${describeResponse(get)}`]),
    ],
    'a token without the Purchase Orders permission was not refused with 403',
  );
});
