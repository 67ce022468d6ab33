import { itemTypes, type ItemType, type PoSource } from '../../contract/schemas.js';
import { companyOf } from '../context.js';
import { HttpError, type Reply } from '../http.js';
import type { CompanyData, PurchaseOrderRecord } from '../model.js';
import {
  booleanParam,
  dateParam,
  inWindow,
  oneOf,
  pageRequest,
  slice,
  type DateBound,
  type PageRequest,
} from '../query.js';
import type { Handler, RequestContext, Route } from '../types.js';
import { isKnownLocation } from './location-param.js';

/**
 * Purchase orders, read only: §2.6, §2.7, §4.6, §5.3, §7 rows 4-9. Every answer, errors included,
 * is the PO envelope { status, data, error } (§7: error null on success, non-null on failure).
 */

const codes: Record<number, string> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
};

export function poError(status: number, message: string): Reply {
  return { status, body: { status: false, data: null, error: { code: codes[status] ?? 'ERROR', message } } };
}

export function poFail(status: number, message: string): never {
  throw new HttpError(poError(status, message));
}

/** §5.3: the Purchase Orders permission gates every PO route; errors of shared helpers get the PO envelope too. */
export function poRoute(handler: (ctx: RequestContext) => Reply): Handler {
  return (ctx) => {
    try {
      if (!ctx.claims.permissions.includes('purchaseOrders'))
        poFail(403, 'the Purchase Orders permission is not enabled for this partner');
      return handler(ctx);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const body = err.reply.body as { error?: unknown; status?: unknown } | undefined;
      if (body && typeof body.status === 'boolean') throw err;
      return poError(err.reply.status, typeof body?.error === 'string' ? body.error : 'request failed');
    }
  };
}

/** The record as answered: every stored field (§2.6; dates ISO 8601, line brand a string or null, the reserved fields null). */
export function present(po: PurchaseOrderRecord): Record<string, unknown> {
  return { ...po, orderItems: po.orderItems.map((line) => ({ ...line })) };
}

const sources = ['all', 'inventory', 'online', 'orders'] as const;
type SourceParam = (typeof sources)[number];

/** The selection parameters of GET /purchaseOrders (§4.6), each of a valid form. */
export interface PoQuery {
  source: SourceParam;
  isPartsCatalog?: boolean;
  repairOrderId?: string;
  itemType?: ItemType;
  locationId?: string;
}

/** Reads the selection parameters; a malformed value is a 400. */
export function readPoQuery(q: URLSearchParams): PoQuery {
  return {
    source: oneOf(q, 'source', sources) ?? 'all',
    isPartsCatalog: booleanParam(q, 'isPartsCatalog'),
    repairOrderId: q.get('repairOrderId') || undefined,
    itemType: oneOf(q, 'itemType', itemTypes),
    locationId: q.get('locationId') || undefined,
  };
}

/** A combination of parameters the service refuses (§7 rows 4-8): answers 400 when the query breaks it. */
export type PoRule = (query: PoQuery, company: CompanyData) => void;

export const flagOnlyOnline: PoRule = (q) => {
  if (q.isPartsCatalog !== undefined && q.source !== 'online')
    poFail(400, 'isPartsCatalog is only supported when source=online');
};
export const onlineNeedsFlag: PoRule = (q) => {
  if (q.source === 'online' && q.isPartsCatalog === undefined)
    poFail(400, 'use true or false for isPartsCatalog when source=online');
};
export const repairOrderNotInventory: PoRule = (q) => {
  if (q.repairOrderId !== undefined && q.source !== 'orders' && q.source !== 'all')
    poFail(400, 'repairOrderId is only supported when source=orders or all');
};
export const itemTypeRestricted: PoRule = (q) => {
  const refused = q.source === 'orders' || (q.source === 'online' && q.isPartsCatalog === false);
  if (q.itemType !== undefined && refused)
    poFail(400, 'itemType is not supported when source=orders or when source=online with isPartsCatalog=false');
};
export const knownLocation: PoRule = (q, company) => {
  if (q.locationId !== undefined && !isKnownLocation(company, q.locationId))
    poFail(400, `unknown locationId: ${q.locationId.slice(0, 100)}`);
};

/** §7 rows 4-8, in the order a client would meet them. */
export const poQueryRules: readonly PoRule[] = [
  flagOnlyOnline,
  onlineNeedsFlag,
  repairOrderNotInventory,
  itemTypeRestricted,
  knownLocation,
];

/** §4.6: the created and updated windows (YYYY-MM-DD or ISO 8601; a bad value is a 400). */
export interface PoWindows {
  created: [DateBound?, DateBound?];
  updated: [DateBound?, DateBound?];
}

export function readPoWindows(q: URLSearchParams): PoWindows {
  const createdStart = dateParam(q, 'createdDateStart');
  const updatedStart = dateParam(q, 'updatedDateStart');
  return {
    created: [createdStart, dateParam(q, 'createdDateEnd')],
    updated: [updatedStart, dateParam(q, 'updatedDateEnd')],
  };
}

/** §4.6 source table: which backends a source (and, for online, the channel flag) selects. */
function inBackend(po: PurchaseOrderRecord, { source, isPartsCatalog }: PoQuery): boolean {
  if (source === 'all') return true;
  if (po.source !== (source satisfies PoSource)) return false;
  return (
    source !== 'online' || isPartsCatalog === undefined || (po.integrationSource === 'PartsCatalog') === isPartsCatalog
  );
}

/** The company's purchase orders the query selects, newest first (ids break ties, so pages are stable). */
export function ordersMatching(company: CompanyData, query: PoQuery, windows: PoWindows): PurchaseOrderRecord[] {
  return [...company.purchaseOrders.values()]
    .filter((po) => inBackend(po, query))
    .filter((po) => query.locationId === undefined || po.locationId === query.locationId)
    .filter((po) => query.repairOrderId === undefined || po.repairOrderId === query.repairOrderId)
    .filter((po) => query.itemType === undefined || po.orderItems.some((l) => l.itemType === query.itemType))
    .filter((po) => inWindow(po.createdDate, ...windows.created) && inWindow(po.updatedDate, ...windows.updated))
    .sort((a, b) =>
      a.createdDate !== b.createdDate ? (a.createdDate < b.createdDate ? 1 : -1) : a.id < b.id ? -1 : 1,
    );
}

/** §2.7 list envelope: `rows` (one page of `matching`), the pagination of all of them, error null. */
export function poListReply(
  matching: readonly PurchaseOrderRecord[],
  page: PageRequest,
  rows: readonly PurchaseOrderRecord[],
): Reply {
  const pagination = {
    page: page.page,
    size: page.size,
    totalCount: matching.length,
    totalPages: Math.ceil(matching.length / page.size),
  };
  return { status: 200, body: { status: true, data: rows.map(present), pagination, error: null } };
}

function list(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const query = readPoQuery(ctx.query);
  for (const rule of poQueryRules) rule(query, company);
  const matching = ordersMatching(company, query, readPoWindows(ctx.query));
  const page = pageRequest(ctx.query);
  return poListReply(matching, page, slice(matching, page));
}

export const poGetReply = (po: PurchaseOrderRecord): Reply => ({
  status: 200,
  body: { status: true, data: present(po), error: null },
});

/** §4.6: found from id and companyId alone, whatever the backend; another company's id is a 404. */
function getById(ctx: RequestContext): Reply {
  const po = companyOf(ctx).purchaseOrders.get(ctx.params.id!);
  if (!po) poFail(404, 'purchase order not found');
  return poGetReply(po!);
}

/** §4.6: no create or update. The routes exist so that auth and the permission apply first. */
function notAvailable(): Reply {
  poFail(405, 'purchase orders are read-only');
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
