import { companyOf } from '../context.js';
import { HttpError } from '../http.js';
import type { CompanyData, PurchaseOrderRecord } from '../model.js';
import { replaceRoute, wrapRoute, type RouteOverlay } from '../overlay.js';
import { pageRequest, slice, type PageRequest } from '../query.js';
import {
  itemTypeRestricted,
  knownLocation,
  onlineNeedsFlag,
  ordersMatching,
  poFail,
  poGetReply,
  poListReply,
  poQueryRules,
  poRoute,
  readPoQuery,
  readPoWindows,
  repairOrderNotInventory,
  type PoQuery,
  type PoRule,
} from '../resources/purchase-orders.js';
import type { RequestContext } from '../types.js';
import {
  acrossCompanies,
  editReply,
  editRequest,
  findInAnyCompany,
  withoutQuery,
  withQuery,
  type Json,
} from './edit.js';
import type { FaultDef } from './fault.js';

const LIST = '/purchaseOrders';
const ONE = '/purchaseOrders/:id';

interface ListVariant {
  /** A §7 rule left out. */
  skip?: PoRule;
  /** A §7 rule written wrongly: [the reference rule, the rule checked in its place]. */
  swap?: readonly [PoRule, PoRule];
  /** The orders the query runs over, from the company asked for (the reference: its own orders). */
  scope?: (company: CompanyData, ctx: RequestContext) => CompanyData;
  select?: (po: PurchaseOrderRecord, q: PoQuery) => boolean;
  rows?: (all: PurchaseOrderRecord[], p: PageRequest) => PurchaseOrderRecord[];
}

/** GET /purchaseOrders built from the reference steps, with a §7 rule left out or miswritten, another scope, a narrower selection or another page cut. */
function listVariant(opts: ListVariant): RouteOverlay {
  return replaceRoute(
    'GET',
    LIST,
    poRoute((ctx) => {
      const company = companyOf(ctx);
      const query = readPoQuery(ctx.query);
      for (const rule of poQueryRules) {
        if (rule === opts.skip) continue;
        (rule === opts.swap?.[0] ? opts.swap[1] : rule)(query, company);
      }
      const scope = opts.scope?.(company, ctx) ?? company;
      const matching = ordersMatching(scope, query, readPoWindows(ctx.query)).filter(
        (po) => opts.select?.(po, query) ?? true,
      );
      const page = pageRequest(ctx.query);
      return poListReply(matching, page, (opts.rows ?? slice)(matching, page));
    }),
  );
}

/** A mapper regression: every purchase order answered (list and get) goes through `edit`. */
function everyOrderShown(edit: (po: Json) => Json): RouteOverlay[] {
  return [
    editReply('GET', LIST, (body) => ({ ...body, data: body.data.map(edit) })),
    editReply('GET', ONE, (body) => ({ ...body, data: edit(body.data) })),
  ];
}

const everyLine = (edit: (line: Json) => Json) =>
  everyOrderShown((po) => ({ ...po, orderItems: po.orderItems.map(edit) }));

/** 'MM/DD/YYYY', a non-ISO date form. */
const usDate = (iso: string | null) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : iso);

const combinedListing = (q: URLSearchParams) => (q.get('source') || 'all') === 'all';

/** Realistic regressions of purchase orders, each breaking one rule of §2.6, §2.7, §4.6, §5.3 or §7. */
export const purchaseOrderFaults = {
  'po-list-error-omitted': {
    clause: 'PO-LIST-ENVELOPE',
    description: 'The list serialiser drops null fields, so a successful list has no error key.',
    overlay: editReply('GET', LIST, ({ error: _dropped, ...rest }) => rest),
  },
  'po-get-order-items-keyed': {
    clause: 'PO-ORDER-ITEMS-ARRAY',
    description: 'Read by id, orderItems is serialised as an object keyed by line number instead of an array.',
    overlay: editReply('GET', ONE, (body) => ({
      ...body,
      data: {
        ...body.data,
        orderItems: Object.fromEntries(body.data.orderItems.map((line: Json, i: number) => [String(i + 1), line])),
      },
    })),
  },
  'po-get-bare-record': {
    clause: 'PO-GET-ENVELOPE',
    description: 'GET /purchaseOrders/{id} returns the purchase order bare, without { status, data, error }.',
    overlay: editReply('GET', ONE, (body) => body.data),
  },
  'po-inventory-labelled-orders': {
    clause: 'PO-SOURCE-INVENTORY',
    description: 'Inventory stock orders go through the order-level mapper and report source "orders".',
    overlay: everyOrderShown((po) => (po.source === 'inventory' ? { ...po, source: 'orders' } : po)),
  },
  'po-online-catalog-labelled-tire': {
    clause: 'PO-SOURCE-ONLINE-CATALOG',
    description: 'The online channel lookup is off by one: parts-catalog orders report integrationSource TireCatalog.',
    overlay: everyOrderShown((po) =>
      po.source === 'online' && po.integrationSource === 'PartsCatalog'
        ? { ...po, integrationSource: 'TireCatalog' }
        : po,
    ),
  },
  'po-online-tire-labelled-parts-catalog': {
    clause: 'PO-SOURCE-ONLINE-OTHER',
    description: 'Online tire-catalog orders report integrationSource PartsCatalog.',
    overlay: everyOrderShown((po) =>
      po.source === 'online' && po.integrationSource === 'TireCatalog'
        ? { ...po, integrationSource: 'PartsCatalog' }
        : po,
    ),
  },
  'po-orders-source-from-channel': {
    clause: 'PO-SOURCE-ORDERS',
    description: 'source is derived from the channel, so order-level catalog orders report source "online".',
    overlay: everyOrderShown((po) =>
      po.source === 'orders' && po.integrationSource !== 'ManualOrder' ? { ...po, source: 'online' } : po,
    ),
  },
  'po-all-misses-online': {
    clause: 'PO-SOURCE-ALL-UNION',
    description: 'source=all (and an omitted source) leaves out the online backend.',
    overlay: listVariant({ select: (po, q) => !(q.source === 'all' && po.source === 'online') }),
  },
  'po-all-manual-channel-renamed': {
    clause: 'PO-SOURCE-VALUES',
    description: 'The combined (all-sources) listing spells the ManualOrder channel "Manual".',
    overlay: editReply('GET', LIST, (body, ctx) => {
      if (!combinedListing(ctx.query)) return body;
      return {
        ...body,
        data: body.data.map((po: Json) =>
          po.integrationSource === 'ManualOrder' ? { ...po, integrationSource: 'Manual' } : po,
        ),
      };
    }),
  },
  'po-online-flag-optional': {
    clause: 'PO-SOURCE-ONLINE-NEEDS-FLAG',
    description: 'source=online without isPartsCatalog answers 200 with every online order.',
    overlay: listVariant({ skip: onlineNeedsFlag }),
  },
  'po-flag-ignored-off-online': {
    clause: 'PO-FLAG-ONLY-ONLINE',
    description: 'isPartsCatalog with a source other than online is silently ignored (200).',
    overlay: editRequest('GET', LIST, (ctx) =>
      withQuery(ctx, (q) => {
        if (q.get('source') !== 'online' && ['true', 'false'].includes(q.get('isPartsCatalog') ?? ''))
          q.delete('isPartsCatalog');
      }),
    ),
  },
  // §4.6's table reads an omitted source as all (S-4.6-isPartsCatalog-forms, corrected 2026-12-02).
  'po-flag-ignored-without-source': {
    clause: 'PO-FLAG-ONLY-ONLINE',
    description:
      'isPartsCatalog is refused with source=inventory, orders or all, but ignored (200) when source is omitted.',
    overlay: editRequest('GET', LIST, (ctx) =>
      withQuery(ctx, (q) => {
        if (!q.has('source') && q.has('isPartsCatalog')) q.delete('isPartsCatalog');
      }),
    ),
  },
  'po-repair-order-ignored-on-inventory': {
    clause: 'PO-REPAIR-ORDER-NOT-INVENTORY',
    description: 'repairOrderId with source=inventory is silently ignored (200).',
    overlay: editRequest('GET', LIST, (ctx) =>
      ctx.query.get('source') === 'inventory' ? withoutQuery(ctx, 'repairOrderId') : ctx,
    ),
  },
  'po-item-type-accepted-everywhere': {
    clause: 'PO-ITEM-TYPE-RESTRICTED',
    description: 'itemType is accepted with every source and filters the line items (200).',
    overlay: listVariant({ skip: itemTypeRestricted }),
  },
  'po-unknown-location-empty': {
    clause: 'PO-UNKNOWN-LOCATION',
    description: 'An unknown locationId answers 200 with an empty list.',
    overlay: listVariant({ skip: knownLocation }),
  },
  'po-known-location-refused': {
    clause: 'PO-LOCATION-ACCEPTED',
    description:
      "locationId is checked against the partner's locations instead of the company's, so every locationId is refused with 400.",
    // The partner record holds no locations: the lookup never finds one.
    overlay: listVariant({
      swap: [
        knownLocation,
        (q) => {
          if (q.locationId !== undefined) poFail(400, `unknown locationId: ${q.locationId.slice(0, 100)}`);
        },
      ],
    }),
  },
  'po-repair-order-refused-with-all': {
    clause: 'PO-REPAIR-ORDER-ACCEPTED',
    description: 'repairOrderId is accepted only with source=orders: with source=all, or no source, it gets 400.',
    overlay: listVariant({
      swap: [
        repairOrderNotInventory,
        (q) => {
          if (q.repairOrderId !== undefined && q.source !== 'orders')
            poFail(400, 'repairOrderId is only supported when source=orders');
        },
      ],
    }),
  },
  'po-item-type-refused-online-catalog': {
    clause: 'PO-ITEM-TYPE-ACCEPTED',
    description: 'itemType is refused for every online query, source=online&isPartsCatalog=true included (400).',
    overlay: listVariant({
      swap: [
        itemTypeRestricted,
        (q) => {
          if (q.itemType !== undefined && (q.source === 'orders' || q.source === 'online'))
            poFail(400, 'itemType is not supported when source=orders or source=online');
        },
      ],
    }),
  },
  'tenant-po-get-any-company': {
    clause: 'TENANT-GET-ISOLATION',
    description: 'GET /purchaseOrders/{id} looks the order up by id alone and finds orders of any company.',
    overlay: replaceRoute(
      'GET',
      ONE,
      poRoute((ctx) => {
        companyOf(ctx);
        const po = findInAnyCompany(ctx.store, (c) => c.purchaseOrders, ctx.params.id!);
        if (!po) poFail(404, 'purchase order not found');
        return poGetReply(po!);
      }),
    ),
  },
  'tenant-po-list-all-companies': {
    clause: 'TENANT-LIST-ISOLATION',
    description:
      'GET /purchaseOrders drops the company condition from its query and lists the orders of every company.',
    overlay: listVariant({
      scope: (company, ctx) => ({
        ...company,
        purchaseOrders: new Map(acrossCompanies(ctx.store, (c) => c.purchaseOrders).map((po) => [po.id, po])),
      }),
    }),
  },
  'po-error-null-on-failure': {
    clause: 'PO-ERROR-IN-ENVELOPE',
    description: 'Error responses put the message beside the envelope and leave error null.',
    overlay: wrapRoute('*', [LIST, ONE], (next) => async (ctx) => {
      const reply = await next(ctx);
      const error = (reply.body as Json)?.error;
      if (reply.status < 400 || typeof error?.message !== 'string') return reply;
      return { ...reply, body: { status: false, data: null, message: error.message, error: null } };
    }),
  },
  // §7: purchase-order answers carry error, the 403 too (S-5-po-permission-body, corrected 2026-12-02).
  'po-permission-403-without-error': {
    clause: 'PO-ERROR-IN-ENVELOPE',
    description:
      'A security filter in front of the purchase-order routes answers the missing permission with its own 403 body, { detail }, without the error member.',
    overlay: wrapRoute('*', [LIST, ONE], (next) => async (ctx) => {
      const reply = await next(ctx);
      return reply.status === 403
        ? { ...reply, body: { detail: 'You do not have permission to perform this action.' } }
        : reply;
    }),
  },
  'po-permission-not-enforced': {
    clause: 'PO-PERMISSION-REQUIRED',
    description: 'The Purchase Orders permission is not checked: any valid token reads purchase orders.',
    // As if every caller held the permission: the check never refuses anyone.
    overlay: editRequest('*', [LIST, ONE], (ctx) => ({
      ...ctx,
      claims: { ...ctx.claims, permissions: [...ctx.claims.permissions, 'purchaseOrders'] },
    })),
  },
  'po-get-permission-not-enforced': {
    clause: 'PO-PERMISSION-REQUIRED',
    description:
      'GET /purchaseOrders/{id} lost its permission check in a refactor: any valid token reads an order by id (the list still answers 403).',
    overlay: editRequest('GET', ONE, (ctx) => ({
      ...ctx,
      claims: { ...ctx.claims, permissions: [...ctx.claims.permissions, 'purchaseOrders'] },
    })),
  },
  'po-invalid-query-served-without-permission': {
    clause: 'PO-PERMISSION-BEFORE-VALIDATION',
    technique: { name: 'precedence', resource: 'purchaseOrders' },
    description:
      'A request validator that runs before the permission check drops the parameters it refuses and passes the request on without the permission check: without the permission, a query breaking a §7 row is served the plain list (200) instead of 403 or 400.',
    overlay: wrapRoute('GET', LIST, (next) => async (ctx) => {
      if (ctx.claims.permissions.includes('purchaseOrders')) return next(ctx);
      let company: CompanyData;
      try {
        company = companyOf(ctx);
        const query = readPoQuery(ctx.query);
        for (const rule of poQueryRules) rule(query, company);
      } catch (err) {
        if (!(err instanceof HttpError)) return next(ctx);
        const plain = new URLSearchParams();
        for (const k of ['companyId', 'page', 'size']) if (ctx.query.has(k)) plain.set(k, ctx.query.get(k)!);
        return next({
          ...ctx,
          query: plain,
          claims: { ...ctx.claims, permissions: [...ctx.claims.permissions, 'purchaseOrders'] },
        });
      }
      return next(ctx);
    }),
  },
  'po-get-needs-source': {
    clause: 'PO-GET-ANY-BACKEND',
    description: 'GET /purchaseOrders/{id} looks only in the inventory backend unless source is given.',
    overlay: replaceRoute(
      'GET',
      ONE,
      poRoute((ctx) => {
        const po = companyOf(ctx).purchaseOrders.get(ctx.params.id!);
        if (!po || po.source !== (ctx.query.get('source') ?? 'inventory')) poFail(404, 'purchase order not found');
        return poGetReply(po!);
      }),
    ),
  },
  'po-dates-not-iso': {
    clause: 'PO-DATES-ISO',
    description: 'invoiceDate and paymentDueDate are formatted MM/DD/YYYY.',
    overlay: everyOrderShown((po) => ({
      ...po,
      invoiceDate: usDate(po.invoiceDate),
      paymentDueDate: usDate(po.paymentDueDate),
    })),
  },
  'po-brand-as-id': {
    clause: 'PO-LINE-BRAND',
    description: 'Line items carry the numeric brand id in brand instead of the brand name.',
    overlay: everyLine((line) => (line.brand === null ? line : { ...line, brand: 1000 + line.brand.length })),
  },
  'po-requested-quantity-filled': {
    clause: 'PO-LINE-RESERVED-NULL',
    description: 'requestedQuantity is filled with the ordered quantity instead of staying null.',
    overlay: everyLine((line) => ({ ...line, requestedQuantity: line.quantity })),
  },
  // §2.6 says line items carry the three keys, null where unset (S-2.6-line-items, corrected 2026-12-02).
  'po-line-nulls-dropped': {
    clause: 'PO-LINE-RESERVED-NULL',
    description:
      'The serialiser leaves out null fields (NON_NULL inclusion): line items lose requestedPartNumber, requestedQuantity and an unset brand.',
    overlay: everyLine((line) => Object.fromEntries(Object.entries(line).filter(([, v]) => v !== null))),
  },
  'po-date-end-ignored': {
    clause: 'PO-DATE-FILTERS',
    description: 'createdDateEnd and updatedDateEnd are not read, so later orders come back.',
    overlay: editRequest('GET', LIST, (ctx) => withoutQuery(ctx, 'createdDateEnd', 'updatedDateEnd')),
  },
  'po-post-accepted': {
    clause: 'PO-READ-ONLY',
    description: 'POST /purchaseOrders answers 201 (a create route left enabled).',
    overlay: wrapRoute('POST', LIST, (next) => async (ctx) => {
      const reply = await next(ctx);
      return reply.status === 405
        ? { status: 201, body: { status: true, data: { id: ctx.store.nextId('po') }, error: null } }
        : reply;
    }),
  },
  'po-paging-overlap': {
    clause: 'PO-PAGING',
    description: 'Page offsets are off by one: the last order of each page opens the next page too.',
    overlay: listVariant({
      rows: (all, p) => {
        const offset = (p.page - 1) * p.size - (p.page > 1 ? 1 : 0);
        return all.slice(offset, offset + p.size);
      },
    }),
  },
} as const satisfies Record<string, FaultDef>;
