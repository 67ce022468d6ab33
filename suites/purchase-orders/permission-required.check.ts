import { describeResponse } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition, verdict } from '../common/judge.js';
import { getOrderWith, listOrdersWith, orderIdOf } from './adapter.js';
import { poListSample, recordsOf } from './reads.js';

// §5.3, §7 row 9: without the Purchase Orders permission both endpoints answer 403 (this status is
// stated). The list is read with the full token first (shared), so a 403 is about the permission.
conformance('PO-PERMISSION-REQUIRED', { needs: ['tokenNoPo'] }, async (ctx: CheckContext) => {
  const control = await poListSample(ctx);
  await ctx.cite(control);
  precondition(ctx, control, 'GET /purchaseOrders with the full token');
  const noPo = ctx.as(ctx.target.tokenNoPo!);
  // A real id only: an unknown one may be refused before the permission is looked at.
  const id = recordsOf(control).map(orderIdOf).find(Boolean);
  const [list, get] = await Promise.all([listOrdersWith(noPo, ctx.companyId, { size: 1, page: 1 }), id ? getOrderWith(noPo, ctx.companyId, id) : undefined]);
  ctx.observe('answers without the permission', { list: list.status, get: get?.status ?? 'not sent: the company has no purchase orders' });
  verdict(
    ctx,
    [
      ...(list.status === 403 ? [] : [`GET /purchaseOrders: expected HTTP 403, got ${describeResponse(list)}`]),
      ...(!get || get.status === 403 ? [] : [`GET /purchaseOrders/${id}: expected HTTP 403, got ${describeResponse(get)}`]),
    ],
    'a token without the Purchase Orders permission was not refused with 403',
    get ? 2 : 1,
    'purchase-order request(s) without the permission answered 403',
  );
});
