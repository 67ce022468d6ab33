import { describeResponse, inconsistencies } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition, verdict } from '../common/judge.js';
import { poListSample, poWithoutPermission } from './reads.js';

// §5.3, §7 row 9: without the Purchase Orders permission both endpoints answer 403 (this status is
// stated). The list is read with the full token first (shared), so a 403 is about the permission.
conformance('PO-PERMISSION-REQUIRED', { needs: ['tokenNoPo'] }, async (ctx: CheckContext) => {
  const control = await poListSample(ctx);
  await ctx.cite(control);
  precondition(ctx, control, 'GET /purchaseOrders with the full token');
  const { list, get } = await poWithoutPermission(ctx);
  await ctx.cite(list, get?.res);
  ctx.observe('answers without the permission', {
    list: list.status,
    get: get?.res.status ?? 'not sent: the company has no purchase orders',
  });
  verdict(
    ctx,
    inconsistencies([
      ...(list.status === 403 ? [] : [`GET /purchaseOrders: expected HTTP 403, got ${describeResponse(list)}`]),
      ...(!get || get.res.status === 403
        ? []
        : [`GET /purchaseOrders/${get.id}: expected HTTP 403, got ${describeResponse(get.res)}`]),
    ]),
    'a token without the Purchase Orders permission was not refused with 403',
    get ? 2 : 1,
    'purchase-order request(s) without the permission answered 403',
  );
});
