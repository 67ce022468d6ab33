import { itemTypes, type PoSource } from '../../contract/schemas.js';
import { companyOf, type RequestContext } from '../context.js';
import { HttpError, type Reply } from '../http.js';
import type { PurchaseOrderRecord } from '../model.js';
import { booleanParam, dateParam, inWindow, oneOf, pageRequest } from '../query.js';
import type { Route } from '../types.js';
import { isKnownLocation } from './location-param.js';

/**
 * Purchase orders, read only: §2.6, §2.7, §4.6, §5.3, §7 rows 4-9. Every answer, errors included,
 * is the PO envelope { status, data, error } (§7: error null on success, non-null on failure).
 */

const codes: Record<number, string> = { 400: 'BAD_REQUEST', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 405: 'METHOD_NOT_ALLOWED' };

function poError(ctx: RequestContext, status: number, message: string): Reply {
  if (ctx.faults.has('po-error-null-on-failure')) return { status, body: { status: false, data: null, message, error: null } };
  return { status, body: { status: false, data: null, error: { code: codes[status] ?? 'ERROR', message } } };
}

function poFail(ctx: RequestContext, status: number, message: string): never {
  throw new HttpError(poError(ctx, status, message));
}

/** §5.3: the Purchase Orders permission gates every PO route; errors of shared helpers get the PO envelope too. */
function poRoute(handler: (ctx: RequestContext) => Reply): Route['handler'] {
  return (ctx) => {
    try {
      if (!ctx.claims.permissions.includes('purchaseOrders') && !ctx.faults.has('po-permission-not-enforced')) {
        poFail(ctx, 403, 'the Purchase Orders permission is not enabled for this partner');
      }
      return handler(ctx);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const body = err.reply.body as { error?: unknown; status?: unknown } | undefined;
      if (body && typeof body.status === 'boolean') throw err;
      return poError(ctx, err.reply.status, typeof body?.error === 'string' ? body.error : 'request failed');
    }
  };
}

/** 'MM/DD/YYYY', the non-ISO form of the po-dates-not-iso fault. */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The record as answered; the mapping faults live here because a mapper is where they happen. */
function present(ctx: RequestContext, po: PurchaseOrderRecord, combinedListing = false): Record<string, unknown> {
  const f = ctx.faults;
  let source: string = po.source;
  let integrationSource: string = po.integrationSource;
  if (f.has('po-inventory-labelled-orders') && po.source === 'inventory') source = 'orders';
  if (f.has('po-orders-source-from-channel') && po.source === 'orders' && po.integrationSource !== 'ManualOrder') source = 'online';
  if (f.has('po-online-catalog-labelled-tire') && po.source === 'online' && po.integrationSource === 'PartsCatalog') integrationSource = 'TireCatalog';
  if (f.has('po-online-tire-labelled-parts-catalog') && po.source === 'online' && po.integrationSource === 'TireCatalog') integrationSource = 'PartsCatalog';
  if (f.has('po-all-manual-channel-renamed') && combinedListing && po.integrationSource === 'ManualOrder') integrationSource = 'Manual';
  const notIso = f.has('po-dates-not-iso');
  return {
    ...po,
    source,
    integrationSource,
    invoiceDate: notIso && po.invoiceDate ? usDate(po.invoiceDate) : po.invoiceDate,
    paymentDueDate: notIso && po.paymentDueDate ? usDate(po.paymentDueDate) : po.paymentDueDate,
    orderItems: po.orderItems.map((line) => ({
      ...line,
      // §2.6: brand is a string or null; the reserved fill-rate fields stay null.
      brand: f.has('po-brand-as-id') && line.brand !== null ? 1000 + line.brand.length : line.brand,
      requestedQuantity: f.has('po-requested-quantity-filled') ? line.quantity : null,
    })),
  };
}

const sources = ['all', 'inventory', 'online', 'orders'] as const;
type SourceParam = (typeof sources)[number];

/** §4.6 source table: which stored records a source (and, for online, the flag) selects. */
function inBackend(po: PurchaseOrderRecord, source: SourceParam, isPartsCatalog: boolean | undefined, ctx: RequestContext): boolean {
  switch (source) {
    case 'all':
      return !(ctx.faults.has('po-all-misses-online') && po.source === 'online');
    case 'online':
      if (po.source !== 'online') return false;
      if (isPartsCatalog === undefined) return true;
      return isPartsCatalog ? po.integrationSource === 'PartsCatalog' : po.integrationSource !== 'PartsCatalog';
    default:
      return po.source === (source satisfies PoSource);
  }
}

function list(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const q = ctx.query;
  const f = ctx.faults;
  const source = oneOf(q, 'source', sources) ?? 'all';
  let isPartsCatalog = booleanParam(q, 'isPartsCatalog');
  const repairOrderId = q.get('repairOrderId') || undefined;
  const itemType = oneOf(q, 'itemType', itemTypes);
  const locationId = q.get('locationId') || undefined;

  // §7 rows 4-8, in the order a client would meet them.
  if (isPartsCatalog !== undefined && source !== 'online') {
    if (!f.has('po-flag-ignored-off-online')) poFail(ctx, 400, 'isPartsCatalog is only supported when source=online');
    isPartsCatalog = undefined;
  }
  if (source === 'online' && isPartsCatalog === undefined && !f.has('po-online-flag-optional')) {
    poFail(ctx, 400, 'use true or false for isPartsCatalog when source=online');
  }
  const repairOrderAllowed = source === 'orders' || source === 'all' || (source === 'inventory' && f.has('po-repair-order-ignored-on-inventory'));
  if (repairOrderId !== undefined && !repairOrderAllowed) poFail(ctx, 400, 'repairOrderId is only supported when source=orders or all');
  const itemTypeRefused = source === 'orders' || (source === 'online' && isPartsCatalog === false);
  if (itemType !== undefined && itemTypeRefused && !f.has('po-item-type-accepted-everywhere')) {
    poFail(ctx, 400, 'itemType is not supported when source=orders or when source=online with isPartsCatalog=false');
  }
  const unknownLocation = locationId !== undefined && !isKnownLocation(company, locationId);
  if (unknownLocation && !f.has('po-unknown-location-empty')) poFail(ctx, 400, `unknown locationId: ${locationId!.slice(0, 100)}`);

  const createdStart = dateParam(q, 'createdDateStart');
  const updatedStart = dateParam(q, 'updatedDateStart');
  const endsIgnored = f.has('po-date-end-ignored');
  const createdEnd = endsIgnored ? undefined : dateParam(q, 'createdDateEnd');
  const updatedEnd = endsIgnored ? undefined : dateParam(q, 'updatedDateEnd');
  const page = pageRequest(q);

  const matching = [...company.purchaseOrders.values()]
    .filter((po) => inBackend(po, source, isPartsCatalog, ctx))
    .filter((po) => !unknownLocation && (locationId === undefined || po.locationId === locationId))
    .filter((po) => (repairOrderId === undefined || source === 'inventory' ? true : po.repairOrderId === repairOrderId))
    .filter((po) => (itemType === undefined ? true : po.orderItems.some((l) => l.itemType === itemType)))
    .filter((po) => inWindow(po.createdDate, createdStart, createdEnd) && inWindow(po.updatedDate, updatedStart, updatedEnd))
    // Newest first; ids break ties so pages are stable.
    .sort((a, b) => (a.createdDate !== b.createdDate ? (a.createdDate < b.createdDate ? 1 : -1) : a.id < b.id ? -1 : 1));

  const offset = (page.page - 1) * page.size - (f.has('po-paging-overlap') && page.page > 1 ? 1 : 0);
  const listBody: Record<string, unknown> = {
    status: true,
    data: matching.slice(offset, offset + page.size).map((po) => present(ctx, po, source === 'all')),
    pagination: { page: page.page, size: page.size, totalCount: matching.length, totalPages: Math.ceil(matching.length / page.size) },
    error: null,
  };
  if (f.has('po-list-error-omitted')) delete listBody.error;
  return { status: 200, body: listBody };
}

/** §4.6: found from id and companyId alone, whatever the backend; another company's id is a 404. */
function getById(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const po = company.purchaseOrders.get(ctx.params.id!);
  const searched = ctx.faults.has('po-get-needs-source') ? (ctx.query.get('source') ?? 'inventory') : po?.source;
  if (!po || po.source !== searched) poFail(ctx, 404, 'purchase order not found');
  const data = present(ctx, po!);
  if (ctx.faults.has('po-get-bare-record')) return { status: 200, body: data };
  return { status: 200, body: { status: true, data, error: null } };
}

/** §4.6: no create or update. The routes exist so that auth and the permission apply first. */
function notAvailable(ctx: RequestContext): Reply {
  if (ctx.method === 'POST' && ctx.path.endsWith('/purchaseOrders') && ctx.faults.has('po-post-accepted')) {
    return { status: 201, body: { status: true, data: { id: ctx.store.nextId('po') }, error: null } };
  }
  poFail(ctx, 405, 'purchase orders are read-only');
}

export const purchaseOrderRoutes: Route[] = [
  { method: 'GET', path: '/purchaseOrders', handler: poRoute(list) },
  { method: 'GET', path: '/purchaseOrders/:id', handler: poRoute(getById) },
  { method: 'POST', path: '/purchaseOrders', handler: poRoute(notAvailable) },
  { method: 'PUT', path: '/purchaseOrders', handler: poRoute(notAvailable) },
  { method: 'PATCH', path: '/purchaseOrders', handler: poRoute(notAvailable) },
  { method: 'POST', path: '/purchaseOrders/:id', handler: poRoute(notAvailable) },
  { method: 'PUT', path: '/purchaseOrders/:id', handler: poRoute(notAvailable) },
  { method: 'PATCH', path: '/purchaseOrders/:id', handler: poRoute(notAvailable) },
];
