import { companyOf } from '../context.js';
import { ok } from '../http.js';
import type { CompanyData } from '../model.js';
import { replaceRoute, wrapRoute } from '../overlay.js';
import { pageRequest, sent, slice } from '../query.js';
import { appointmentFilters, appointmentListReply } from '../resources/appointment-requests.js';
import { slotDatePairs } from '../resources/available-slots.js';
import { byItemId, itemFilter, pageObject } from '../resources/items.js';
import {
  ordersMatching,
  poListReply,
  poQueryRules,
  poRoute,
  readPoQuery,
  readPoWindows,
  type PoWindows,
} from '../resources/purchase-orders.js';
import { vehicleFilter, vehicleListReply, vehicleOrder } from '../resources/vehicles.js';
import type { RequestContext } from '../types.js';
import { acrossCompanies, editRequest, withQuery } from './edit.js';
import type { FaultDef } from './fault.js';

/**
 * Faults of the pairwise-parameters technique (contract/techniques.ts): a documented filter honoured
 * alone but dropped when another parameter is sent too, company isolation that holds for the plain
 * list but not once a filter is sent, and the union of the purchase-order backends filtered on one
 * backend only. The single-filter and plain-tenancy checks pass every one of them.
 */

const sentAny = (q: URLSearchParams, ...names: string[]) => names.some((n) => sent(q, n));
const updatedWindowSent = (q: URLSearchParams) => sentAny(q, 'updatedDateStart', 'updatedDateEnd');

/** GET /vehicles over every company's vehicles (the reference filter, order and page). */
function vehiclesOfEveryCompany(ctx: RequestContext) {
  companyOf(ctx);
  const matching = acrossCompanies(ctx.store, (c) => c.vehicles)
    .filter(vehicleFilter(ctx.query))
    .sort(vehicleOrder(ctx.query));
  const page = pageRequest(ctx.query);
  return vehicleListReply(matching, slice(matching, page), page);
}

/** GET /items over every company's items (the reference filter, order and page object). */
function itemsOfEveryCompany(ctx: RequestContext) {
  companyOf(ctx);
  return ok(
    pageObject(
      acrossCompanies(ctx.store, (c) => c.items)
        .filter(itemFilter(ctx.query))
        .sort(byItemId),
      pageRequest(ctx.query),
    ),
  );
}

/** GET /purchaseOrders with the §7 rules of the reference, over the orders `select` picks for the query read. */
const poList = (select: (company: CompanyData, ctx: RequestContext) => ReturnType<typeof ordersMatching>) =>
  replaceRoute(
    'GET',
    '/purchaseOrders',
    poRoute((ctx) => {
      const company = companyOf(ctx);
      const query = readPoQuery(ctx.query);
      for (const rule of poQueryRules) rule(query, company);
      const matching = select(company, ctx);
      const page = pageRequest(ctx.query);
      return poListReply(matching, page, slice(matching, page));
    }),
  );

const noWindows: PoWindows = { created: [], updated: [] };
const newestFirst = (a: { createdDate: string; id: string }, b: { createdDate: string; id: string }) =>
  a.createdDate !== b.createdDate ? (a.createdDate < b.createdDate ? 1 : -1) : a.id < b.id ? -1 : 1;
const [, legacySlotsPair] = slotDatePairs;

export const pairwiseFaults = {
  'vehicles-customer-dropped-beside-window': {
    clause: 'VEHICLE-FILTERS-COMBINE',
    description:
      'GET /vehicles honours customerId alone; sent with an updated window, the query keeps the window and drops the customer.',
    technique: { name: 'pairwise-parameters', resource: 'vehicles' },
    overlay: editRequest('GET', '/vehicles', (ctx) =>
      sent(ctx.query, 'customerId') && updatedWindowSent(ctx.query)
        ? withQuery(ctx, (q) => q.delete('customerId'))
        : ctx,
    ),
  },
  'tenant-vehicles-filtered-unscoped': {
    clause: 'TENANT-LIST-ISOLATION',
    description:
      "GET /vehicles with search or an updated window is answered from a search index that holds every company's vehicles.",
    technique: { name: 'pairwise-parameters', resource: 'vehicles' },
    overlay: wrapRoute(
      'GET',
      '/vehicles',
      (next) => (ctx) =>
        sentAny(ctx.query, 'search') || updatedWindowSent(ctx.query) ? vehiclesOfEveryCompany(ctx) : next(ctx),
    ),
  },
  'items-type-dropped-beside-window': {
    clause: 'ITEM-FILTERS-COMBINE',
    description: 'GET /items honours type alone or with itemNumber; sent with an updated window, the type is dropped.',
    technique: { name: 'pairwise-parameters', resource: 'items' },
    overlay: editRequest('GET', '/items', (ctx) =>
      sent(ctx.query, 'type') && updatedWindowSent(ctx.query) ? withQuery(ctx, (q) => q.delete('type')) : ctx,
    ),
  },
  'tenant-items-filtered-unscoped': {
    clause: 'TENANT-LIST-ISOLATION',
    description: 'GET /items with type or an updated window runs a reporting query that lacks the company condition.',
    technique: { name: 'pairwise-parameters', resource: 'items' },
    overlay: wrapRoute(
      'GET',
      '/items',
      (next) => (ctx) =>
        sent(ctx.query, 'type') || updatedWindowSent(ctx.query) ? itemsOfEveryCompany(ctx) : next(ctx),
    ),
  },
  'appt-updated-dropped-beside-window': {
    clause: 'APPT-FILTERS-COMBINE',
    description:
      'GET /appointmentRequests ignores the updated window whenever an appointment window (standard or legacy names) is sent too.',
    technique: { name: 'pairwise-parameters', resource: 'appointmentRequests' },
    overlay: editRequest('GET', '/appointmentRequests', (ctx) =>
      sentAny(ctx.query, 'appointmentDateStart', 'appointmentDateEnd', 'appointmentStartDate', 'appointmentEndDate') &&
      updatedWindowSent(ctx.query)
        ? withQuery(ctx, (q) => ['updatedDateStart', 'updatedDateEnd'].forEach((n) => q.delete(n)))
        : ctx,
    ),
  },
  'tenant-appt-updated-unscoped': {
    clause: 'TENANT-LIST-ISOLATION',
    description: 'GET /appointmentRequests with an updated window reads a change log shared by every company.',
    technique: { name: 'pairwise-parameters', resource: 'appointmentRequests' },
    overlay: wrapRoute('GET', '/appointmentRequests', (next) => (ctx) => {
      if (!updatedWindowSent(ctx.query)) return next(ctx);
      const company = companyOf(ctx);
      const every = new Map(
        acrossCompanies(ctx.store, (c) => c.appointmentRequests).map((r) => [r.appointmentRequestId, r]),
      );
      return appointmentListReply(ctx, { ...company, appointmentRequests: every }, appointmentFilters(ctx, company));
    }),
  },
  'slots-show-all-inverted-with-legacy': {
    clause: 'SLOTS-SHOW-ALL-TRUE',
    description:
      'availableSlots reads showAllSlots inverted when the window comes from the legacy pair (an old code path).',
    technique: { name: 'pairwise-parameters', resource: 'availableSlots' },
    overlay: editRequest('GET', '/appointmentRequests/availableSlots', (ctx) => {
      const legacyOnly =
        legacySlotsPair.every((n) => sent(ctx.query, n)) &&
        !sentAny(ctx.query, 'appointmentDateStart', 'appointmentDateEnd');
      const flag = ctx.query.get('showAllSlots');
      return legacyOnly && (flag === 'true' || flag === 'false')
        ? withQuery(ctx, (q) => q.set('showAllSlots', flag === 'true' ? 'false' : 'true'))
        : ctx;
    }),
  },
  'po-source-dropped-beside-dates': {
    clause: 'PO-FILTERS-COMBINE',
    description:
      'GET /purchaseOrders checks source and isPartsCatalog but, sent with a created or updated window, lists every backend.',
    technique: { name: 'pairwise-parameters', resource: 'purchaseOrders' },
    overlay: poList((company, ctx) => {
      const query = readPoQuery(ctx.query);
      const dated = sentAny(ctx.query, 'createdDateStart', 'createdDateEnd', 'updatedDateStart', 'updatedDateEnd');
      return ordersMatching(
        company,
        dated ? { ...query, source: 'all', isPartsCatalog: undefined } : query,
        readPoWindows(ctx.query),
      );
    }),
  },
  'po-union-filtered-one-backend': {
    clause: 'PO-UNION-FILTERED',
    description:
      'source=all (and an omitted source) passes the filters to the inventory backend only; online and order-level orders come back unfiltered.',
    technique: { name: 'pairwise-parameters', resource: 'purchaseOrders' },
    overlay: poList((company, ctx) => {
      const query = readPoQuery(ctx.query);
      const windows = readPoWindows(ctx.query);
      if (query.source !== 'all') return ordersMatching(company, query, windows);
      const inventory = ordersMatching(company, query, windows).filter((po) => po.source === 'inventory');
      const others = ordersMatching(company, { source: 'all' }, noWindows).filter((po) => po.source !== 'inventory');
      return [...inventory, ...others].sort(newestFirst);
    }),
  },
  'tenant-po-filtered-unscoped': {
    clause: 'TENANT-LIST-ISOLATION',
    description:
      'GET /purchaseOrders with updatedDate, itemType or repairOrderId runs a search that lacks the company condition.',
    technique: { name: 'pairwise-parameters', resource: 'purchaseOrders' },
    overlay: poList((company, ctx) => {
      const query = readPoQuery(ctx.query);
      const unscoped = updatedWindowSent(ctx.query) || sentAny(ctx.query, 'itemType', 'repairOrderId');
      const scope = unscoped
        ? {
            ...company,
            purchaseOrders: new Map(
              acrossCompanies(ctx.store, (c) => c.purchaseOrders).map((po) => [`${po.companyId}|${po.id}`, po]),
            ),
          }
        : company;
      return ordersMatching(scope, query, readPoWindows(ctx.query));
    }),
  },
} as const satisfies Record<string, FaultDef>;
