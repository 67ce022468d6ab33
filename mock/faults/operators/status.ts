import type { ClauseId } from '../../../contract/clauses.js';
import type { Reply } from '../../http.js';
import { wrapRoute } from '../../overlay.js';
import type { Handler, RequestContext } from '../../types.js';
import { isSuccess, withBody, withQuery, type Json } from '../edit.js';
import { generated, type OperatorOutput } from './operator.js';

/**
 * Operator `status` over the rows of §7: each row answered 2xx (the request served as if the rule
 * did not exist), or refused with another status than the row states (422 for a 400, 401 for the
 * 403); and, for the purchase-order rows a partner without the permission can break (§5.3, rows
 * 4-8), the parameters judged before the permission (400 instead of 403). The row fires where the
 * reference refuses a request that matches it; the 2xx answer is the reference's answer to the
 * request with the offending part taken out.
 */
interface Row {
  target: string;
  row: string;
  status: 400 | 403;
  method: 'GET' | 'POST';
  paths: string[];
  clause: ClauseId;
  /** The request breaks this row. */
  breaks: (ctx: RequestContext) => boolean;
  /** The request with what the row refuses taken out (what a server without the rule would serve). */
  without: (ctx: RequestContext) => RequestContext;
  /** A purchase-order row a partner without the permission can break: judged after the permission (§5.3). */
  afterPermission?: boolean;
}

const q = (ctx: RequestContext, name: string) => ctx.query.get(name);
const has = (ctx: RequestContext, name: string) => ctx.query.has(name);
const slotBounds = ['appointmentDateStart', 'appointmentDateEnd', 'startDate', 'endDate'];
const body = (ctx: RequestContext): Json => ctx.body ?? {};
const services = (ctx: RequestContext): Json[] => (Array.isArray(body(ctx).services) ? body(ctx).services : []);
const withoutServiceField = (ctx: RequestContext, field: string) =>
  withBody(ctx, (b) => ({
    ...b,
    services: services(ctx).map((s) => {
      if (!s || typeof s !== 'object') return s;
      const { [field]: _, ...rest } = s;
      return rest;
    }),
  }));
const granted = (ctx: RequestContext): RequestContext => ({
  ...ctx,
  claims: { ...ctx.claims, permissions: [...new Set([...ctx.claims.permissions, 'purchaseOrders' as const])] },
});

const rows: Row[] = [
  {
    target: 'slots.iso-datetime',
    row: '§7 row 1',
    status: 400,
    method: 'GET',
    paths: ['/appointmentRequests/availableSlots'],
    clause: 'SLOTS-ISO-REJECTED',
    breaks: (ctx) => slotBounds.some((n) => (q(ctx, n) ?? '').includes('T')),
    without: (ctx) => withQuery(ctx, (p) => slotBounds.forEach((n) => p.has(n) && p.set(n, p.get(n)!.split('T')[0]!))),
  },
  {
    target: 'slots.slot-date-params',
    row: '§7 row 2',
    status: 400,
    method: 'GET',
    paths: ['/appointmentRequests/availableSlots'],
    clause: 'SLOTS-SLOTDATE-REJECTED',
    breaks: (ctx) => has(ctx, 'slotDateStart') || has(ctx, 'slotDateEnd'),
    // A server that reads them as the standard pair.
    without: (ctx) =>
      withQuery(ctx, (p) => {
        for (const [from, to] of [
          ['slotDateStart', 'appointmentDateStart'],
          ['slotDateEnd', 'appointmentDateEnd'],
        ] as const) {
          if (p.has(from) && !p.has(to)) p.set(to, p.get(from)!);
          p.delete(from);
        }
      }),
  },
  {
    target: 'appointmentRequests.create.vehicle-name',
    row: '§7 row 3',
    status: 400,
    method: 'POST',
    paths: ['/appointmentRequests/create'],
    clause: 'APPT-REJECT-VEHICLE-NAME',
    breaks: (ctx) => !!body(ctx).vehicle && typeof body(ctx).vehicle === 'object' && 'name' in body(ctx).vehicle,
    without: (ctx) =>
      withBody(ctx, (b) => {
        const { name: _, ...vehicle } = b.vehicle as Record<string, unknown>;
        return { ...b, vehicle };
      }),
  },
  {
    target: 'appointmentRequests.create.service-id',
    row: '§7 row 3',
    status: 400,
    method: 'POST',
    paths: ['/appointmentRequests/create'],
    clause: 'APPT-REJECT-SERVICE-ID',
    breaks: (ctx) => services(ctx).some((s) => s && typeof s === 'object' && 'serviceId' in s),
    without: (ctx) => withoutServiceField(ctx, 'serviceId'),
  },
  {
    target: 'appointmentRequests.create.service-title',
    row: '§7 row 3',
    status: 400,
    method: 'POST',
    paths: ['/appointmentRequests/create'],
    clause: 'APPT-REJECT-SERVICE-TITLE',
    breaks: (ctx) => services(ctx).some((s) => s && typeof s === 'object' && 'title' in s),
    without: (ctx) => withoutServiceField(ctx, 'title'),
  },
  {
    target: 'purchaseOrders.online-without-flag',
    row: '§7 row 4',
    status: 400,
    method: 'GET',
    paths: ['/purchaseOrders'],
    clause: 'PO-SOURCE-ONLINE-NEEDS-FLAG',
    breaks: (ctx) => q(ctx, 'source') === 'online' && !q(ctx, 'isPartsCatalog'),
    without: (ctx) => withQuery(ctx, (p) => p.set('isPartsCatalog', 'true')),
    afterPermission: true,
  },
  {
    target: 'purchaseOrders.flag-without-online',
    row: '§7 row 5',
    status: 400,
    method: 'GET',
    paths: ['/purchaseOrders'],
    clause: 'PO-FLAG-ONLY-ONLINE',
    breaks: (ctx) => has(ctx, 'isPartsCatalog') && q(ctx, 'source') !== 'online',
    without: (ctx) => withQuery(ctx, (p) => p.delete('isPartsCatalog')),
    afterPermission: true,
  },
  {
    target: 'purchaseOrders.repair-order-with-inventory',
    row: '§7 row 6',
    status: 400,
    method: 'GET',
    paths: ['/purchaseOrders'],
    clause: 'PO-REPAIR-ORDER-NOT-INVENTORY',
    breaks: (ctx) => has(ctx, 'repairOrderId') && q(ctx, 'source') === 'inventory',
    without: (ctx) => withQuery(ctx, (p) => p.delete('repairOrderId')),
    afterPermission: true,
  },
  {
    target: 'purchaseOrders.item-type-restricted',
    row: '§7 row 7',
    status: 400,
    method: 'GET',
    paths: ['/purchaseOrders'],
    clause: 'PO-ITEM-TYPE-RESTRICTED',
    breaks: (ctx) =>
      has(ctx, 'itemType') &&
      (q(ctx, 'source') === 'orders' || (q(ctx, 'source') === 'online' && q(ctx, 'isPartsCatalog') === 'false')),
    without: (ctx) => withQuery(ctx, (p) => p.delete('itemType')),
    afterPermission: true,
  },
  {
    target: 'purchaseOrders.unknown-location',
    row: '§7 row 8',
    status: 400,
    method: 'GET',
    paths: ['/purchaseOrders'],
    clause: 'PO-UNKNOWN-LOCATION',
    // Known or not is the company's data: the reference's own 400 with a locationId sent says which.
    breaks: (ctx) => has(ctx, 'locationId'),
    without: (ctx) => withQuery(ctx, (p) => p.delete('locationId')),
    afterPermission: true,
  },
  {
    target: 'purchaseOrders.permission',
    row: '§7 row 9',
    status: 403,
    method: 'GET',
    paths: ['/purchaseOrders', '/purchaseOrders/:id'],
    clause: 'PO-PERMISSION-REQUIRED',
    breaks: (ctx) => !ctx.claims.permissions.includes('purchaseOrders'),
    without: granted,
  },
];

/** The reply with another status, body kept (the envelope of a purchase-order error stays one). */
const restatus = (reply: Reply, status: number): Reply => ({ ...reply, status });

export function statusOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  for (const r of rows) {
    const other = r.status === 403 ? 401 : 422;
    const fault = (
      variant: string,
      description: string,
      answer: (reply: Reply, ctx: RequestContext, next: Handler) => Reply | Promise<Reply>,
    ) =>
      out.faults.push(
        generated(
          'status',
          `${r.target}:${variant}`,
          r.clause,
          `${r.method} ${r.paths.join(', ')} ${description} (${r.row}).`,
          wrapRoute(r.method, r.paths, (next) => async (ctx) => {
            const reply = await next(ctx);
            return reply.status === r.status && r.breaks(ctx) ? answer(reply, ctx, next) : reply;
          }),
        ),
      );
    fault(
      'answered-2xx',
      `serves a request its ${r.status} row refuses, as if the rule did not exist`,
      async (reply, ctx, next) => {
        const served = await next(r.without(ctx));
        return isSuccess(served) ? served : reply;
      },
    );
    fault(`answered-${other}`, `answers ${other} where the row states ${r.status}`, (reply) => restatus(reply, other));
    // An error route whose validation exception escapes the handler: the stated refusal becomes a server error (issue 35).
    fault('answered-500', `answers 500 where the row states ${r.status}`, (reply) => restatus(reply, 500));
  }
  // §5.3 with §7 rows 4-8: without the permission, a bad query is still refused, 403 or the row's 400
  // (which comes first is S-4.6-check-order's choice). The fault answers it 500: the validator reads the
  // partner's permitted sources, empty without the permission, and throws.
  for (const r of rows.filter((x) => x.afterPermission))
    out.faults.push(
      generated(
        'status',
        `${r.target}:without-permission-500`,
        'PO-PERMISSION-BEFORE-VALIDATION',
        `GET /purchaseOrders without the Purchase Orders permission answers a query breaking ${r.row} with 500, neither 403 (§5.3) nor 400 (§7).`,
        wrapRoute(r.method, r.paths, (next) => async (ctx) => {
          const reply = await next(ctx);
          return reply.status === 403 && r.breaks(ctx) ? restatus(reply, 500) : reply;
        }),
      ),
    );
  out.unreached.push({
    operator: 'status',
    target: 'purchaseOrders.*:validated-before-permission',
    why: 'silence S-4.6-check-order: without the permission, a query breaking a §7 row may get the 400 of its row before the 403; either refuses it',
  });
  return out;
}
