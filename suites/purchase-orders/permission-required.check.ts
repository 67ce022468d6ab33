import type { ApiResponse } from '../../harness/client.js';
import { isSuccess, refusalMissing, unexpectedStatus } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition, verdict } from '../common/judge.js';
import { poListSample, poWithoutPermission } from './reads.js';

/** A request without the permission answered anything but 403: accepted (a refusal missing), or refused otherwise. */
const refusedWith403 = (res: ApiResponse, what: string) =>
  isSuccess(res) ? refusalMissing(res, what, 'HTTP 403') : unexpectedStatus(res, 'HTTP 403', what);

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
    [
      ...(list.status === 403 ? [] : [refusedWith403(list, 'GET /purchaseOrders')]),
      ...(!get || get.res.status === 403 ? [] : [refusedWith403(get.res, `GET /purchaseOrders/${get.id}`)]),
    ],
    'a token without the Purchase Orders permission was not refused with 403',
    get ? 2 : 1,
    'purchase-order request(s) without the permission answered 403',
  );
});
