import { withoutEchoes } from '../../harness/locate/shapes.js';
import type { ApiClient, ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import {
  firstRecordArray,
  isRecord,
  objectsWithKey,
  recordArrayWith,
  reportedTotal,
} from '../../harness/checks/index.js';
import type { Rec, ResourceAdapter } from '../common/adapter.js';
import { onBase } from '../common/page-base.js';

/**
 * Purchase orders (§2.6, §2.7, §4.6), read only. Documented names only: companyId, the query
 * parameters §4.6 names, `id` of the record, `data` / `pagination` / `error` of the envelopes.
 */

/** The orders of a list answer: `data` of the §2.7 envelope, located tolerantly when the envelope is off (its own clause). */
function records(res: ApiResponse): Rec[] {
  const body = res.json;
  if (isRecord(body) && Array.isArray(body.data)) return body.data.filter(isRecord);
  return recordArrayWith(body, 'source') ?? recordArrayWith(body, 'id') ?? firstRecordArray(body) ?? [];
}

/**
 * §2.6 `id`, of whatever type (not shown): a string or a number, compared as text. Only the
 * record's own field: its line items may carry ids of their own.
 */
export const orderIdOf = (r: Rec): string | undefined =>
  typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : undefined;

/** The order of a get answer: `data` of the §2.7 envelope, else the body itself, else any object with that id. */
function recordIn(res: ApiResponse, id: string): Rec | undefined {
  const body = res.json;
  if (isRecord(body) && isRecord(body.data) && orderIdOf(body.data) === id) return body.data;
  if (isRecord(body) && orderIdOf(body) === id) return body;
  return objectsWithKey(withoutEchoes(body), 'id').find((o) => orderIdOf(o) === id);
}

/**
 * The total a list reports, read only from its pagination object (§2.7: optional, its shape not
 * shown, §4.6): an order has amounts and counts of its own that a deep search would mistake for it.
 */
function total(res: ApiResponse): number | undefined {
  const body = res.json;
  return isRecord(body) && isRecord(body.pagination) ? reportedTotal(body.pagination) : undefined;
}

export function listOrdersWith(client: ApiClient, companyId: string, query: Query = {}): Promise<ApiResponse> {
  return client.get('/purchaseOrders', { companyId, ...query });
}

/** §4.6 get: no source parameter, the record is found from id and companyId. */
export function getOrderWith(client: ApiClient, companyId: string, id: string): Promise<ApiResponse> {
  return client.get(`/purchaseOrders/${encodeURIComponent(id)}`, { companyId });
}

/** The list with its page sent as given, for observing the base. */
const rawOrders = (ctx: CheckContext, query: Query) => listOrdersWith(ctx.api, ctx.companyId, query);

export const purchaseOrders = {
  name: 'purchaseOrders',
  path: '/purchaseOrders',
  idKey: 'id',
  documentedList: true,
  // page counts from 1 here; the base is observed on one source at a time, the next when one is
  // empty (S-4.6-paging, S-PAGE-base).
  list: async (ctx, query = {}, companyId = ctx.companyId) =>
    listOrdersWith(
      ctx.api,
      companyId,
      await onBase(ctx, 'purchaseOrders', query, rawOrders, { records, idOf: orderIdOf }, baseSources),
    ),
  records,
  total,
  idOf: orderIdOf,
  get: (ctx, id, companyId = ctx.companyId) => getOrderWith(ctx.api, companyId, id),
  recordIn,
} as const satisfies ResourceAdapter;

/** The single sources the base is probed on, in turn (§4.6 source values). */
const baseSources = [
  { source: 'inventory' },
  // §7: source=online without isPartsCatalog is refused, so the online source is probed with each.
  { source: 'online', isPartsCatalog: true },
  { source: 'online', isPartsCatalog: false },
  { source: 'orders' },
] as const;

/** A query as a readable string, for messages: source=online&isPartsCatalog=true. */
export const showQuery = (q: Query): string =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('&') || '(no filter)';

/** How an order shows in a message: its id, source and channel as read. */
export const showOrder = (r: Rec): string =>
  `${orderIdOf(r) ?? '(no id)'} (source ${JSON.stringify(r.source)}, integrationSource ${JSON.stringify(r.integrationSource)})`;
