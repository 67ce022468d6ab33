import type { ClauseId } from '../../../contract/clauses.js';
import type { Reply } from '../../http.js';
import type { CompanyData } from '../../model.js';
import { wrapRoute, type RouteOverlay } from '../../overlay.js';
import type { Handler, RequestContext } from '../../types.js';
import { isSuccess, type Json } from '../edit.js';
import { generated, type OperatorOutput } from './operator.js';
import { copy, objectsWhere } from './records.js';

/**
 * Operator `readmodel`: reads served from a copy the writes do not keep up to date (§3, §4.1 to
 * §4.4: a write is seen by the reads that follow it). Per resource, where its writes exist: a
 * get-by-id cache one write does not evict, a search or filtered list answered from before an update,
 * records created in bulk that reach the store but never the list, and an archive the first read
 * shows and a later sync undoes. How soon a write shows (S-CONS-read-after-write) stays open: every
 * fault here keeps the stale view for good.
 */

interface Modelled {
  name: string;
  path: string;
  /** The read by id, and its route parameter. */
  get: { path: string; param: string };
  records: (c: CompanyData) => Map<string, Json>;
  idKey: string;
  status?: string;
  /** The clause a stale read after each write breaks; absent where the resource has no such write. */
  update?: ClauseId;
  archive?: ClauseId;
  /** A filtered list that must see an update: the query parameter that makes it a search, and its clause. */
  search?: { param: string; clause: ClauseId };
  /** The clause that expects the run's created records in a list. */
  listed?: ClauseId;
}

const modelled: Modelled[] = [
  {
    name: 'vehicles',
    path: '/vehicles',
    get: { path: '/vehicles/:vehicleId', param: 'vehicleId' },
    records: (c) => c.vehicles,
    idKey: 'vehicleId',
    status: 'vehicleStatus',
    update: 'VEHICLE-UPDATE-PARTIAL',
    archive: 'VEHICLE-ARCHIVE-INACTIVE',
    search: { param: 'search', clause: 'VEHICLE-FILTER-SEARCH' },
    listed: 'VEHICLE-FILTER-UPDATED',
  },
  {
    name: 'items',
    path: '/items',
    get: { path: '/items/:itemId', param: 'itemId' },
    records: (c) => c.items,
    idKey: 'itemId',
    status: 'status',
    archive: 'ITEM-ARCHIVE-INACTIVE',
    listed: 'ITEM-FILTER-UPDATED',
  },
  {
    name: 'customers',
    path: '/customers',
    get: { path: '/customers/:customerId', param: 'customerId' },
    records: (c) => c.customers,
    idKey: 'customerId',
    status: 'status',
    update: 'CUSTOMER-UPDATE-PARTIAL',
    archive: 'CUSTOMER-ARCHIVE-INACTIVE',
    listed: 'CUSTOMER-PAGING',
  },
  {
    name: 'inventoryLevels',
    path: '/inventoryLevels',
    get: { path: '/inventoryLevels/:itemId', param: 'itemId' },
    records: (c) => c.inventoryLevels,
    idKey: 'itemId',
    update: 'INVENTORY-UPDATE-VISIBLE',
  },
];

const allOf = (ctx: RequestContext, m: Modelled): Json[] =>
  [...ctx.store.companies.values()].flatMap((c) => [...m.records(c).values()]);

/** Per-instance state of a fault, kept beside the instance's store (a module-level value would be shared by every mock of the process). */
function perStore<T>(make: () => T): (ctx: RequestContext) => T {
  const states = new WeakMap<object, T>();
  return (ctx) => {
    let s = states.get(ctx.store);
    if (s === undefined) states.set(ctx.store, (s = make()));
    return s;
  };
}

/** Runs the handler with the store changed by `change` and puts it back by `undo` before any other request runs. */
async function whileChanged(next: Handler, ctx: RequestContext, change: () => () => void): Promise<Reply> {
  const undo = change();
  let pending;
  try {
    // Every reference handler reads the store before its first await.
    pending = next(ctx);
  } finally {
    undo();
  }
  return pending;
}

/** Replaces a record's fields with another set in place (the record's identity is the store's key). */
function setFields(r: Json, fields: Json): void {
  for (const k of Object.keys(r)) delete r[k];
  Object.assign(r, copy(fields));
}

/**
 * A get-by-id cache filled on read that an update never evicts (a read after the update answers the
 * record as first read); an archive evicts the records it changes, so the fault is the update's alone
 * (the archive's is transition:<kind>.archive:stale-cache).
 */
function cachedGet(m: Modelled, evictedBy?: 'PATCH'): RouteOverlay[] {
  const cache = perStore(() => new Map<string, Reply>());
  const overlays = [
    wrapRoute('GET', m.get.path, (next) => async (ctx) => {
      const key = `${ctx.params[m.get.param]}?${ctx.query.toString()}`;
      const hit = cache(ctx).get(key);
      if (hit) return { ...hit, body: copy(hit.body as Json) };
      const reply = await next(ctx);
      if (isSuccess(reply)) cache(ctx).set(key, { ...reply, body: copy(reply.body as Json) });
      return reply;
    }),
  ];
  if (evictedBy)
    overlays.push(
      wrapRoute(evictedBy, m.path, (next) => async (ctx) => {
        const snap = new Map(allOf(ctx, m).map((r) => [r, JSON.stringify(r)]));
        const reply = await next(ctx);
        const changed = new Set(
          [...snap].filter(([r, was]) => JSON.stringify(r) !== was).map(([r]) => `${r[m.idKey]}?`),
        );
        for (const key of [...cache(ctx).keys()])
          if (changed.has(key.slice(0, key.indexOf('?') + 1))) cache(ctx).delete(key);
        return reply;
      }),
    );
  return overlays;
}

/**
 * A search index fed by creates only: a list with `param` is answered from each record as it was
 * before its first update (the filter and the answer alike).
 */
function staleSearch(m: Modelled, param: string): RouteOverlay[] {
  const before = perStore(() => new Map<Json, Json>());
  return [
    wrapRoute('PUT', m.path, (next) => async (ctx) => {
      const snap = new Map(allOf(ctx, m).map((r) => [r, JSON.stringify(r)]));
      const reply = await next(ctx);
      const old = before(ctx);
      for (const [r, was] of snap) if (!old.has(r) && JSON.stringify(r) !== was) old.set(r, JSON.parse(was));
      return reply;
    }),
    wrapRoute('GET', m.path, (next) => async (ctx) => {
      const old = before(ctx);
      if (!ctx.query.get(param) || old.size === 0) return next(ctx);
      return whileChanged(next, ctx, () => {
        const now = [...old.keys()].map((r) => [r, copy(r)] as const);
        for (const [r, was] of old) setFields(r, was);
        return () => now.forEach(([r, fields]) => setFields(r, fields));
      });
    }),
  ];
}

/** The entries of a bulk body (its first array), to tell a bulk create from a single one. */
const entryCount = (body: unknown): number => {
  if (Array.isArray(body)) return body.length;
  if (!body || typeof body !== 'object') return 0;
  const arr = Object.values(body).find((v) => Array.isArray(v));
  return Array.isArray(arr) ? arr.length : 0;
};

/** Records a bulk create (two entries or more) adds reach the store, never the list's read model. */
function bulkUnlisted(m: Modelled): RouteOverlay[] {
  const unlisted = perStore(() => new Set<Json>());
  return [
    wrapRoute('POST', m.path, (next) => async (ctx) => {
      if (entryCount(ctx.body) < 2) return next(ctx);
      const had = new Set(allOf(ctx, m));
      const reply = await next(ctx);
      for (const r of allOf(ctx, m)) if (!had.has(r)) unlisted(ctx).add(r);
      return reply;
    }),
    wrapRoute('GET', m.path, (next) => async (ctx) => {
      const hidden = unlisted(ctx);
      if (hidden.size === 0) return next(ctx);
      return whileChanged(next, ctx, () => {
        const maps = [...ctx.store.companies.values()].map((c) => m.records(c));
        const saved = maps.map((map) => [map, [...map.entries()]] as const);
        for (const map of maps) for (const [id, r] of map) if (hidden.has(r)) map.delete(id);
        return () =>
          saved.forEach(([map, entries]) => {
            map.clear();
            for (const [id, r] of entries) map.set(id, r);
          });
      });
    }),
  ];
}

/** An archive the first read after it shows; a later sync from the system of record sets the record active again. */
function archiveReverts(m: Modelled, status: string): RouteOverlay[] {
  const pending = perStore(() => new Set<Json>());
  const revertShown = (next: Handler) => async (ctx: RequestContext) => {
    const reply = await next(ctx);
    const waiting = pending(ctx);
    if (!isSuccess(reply) || waiting.size === 0) return reply;
    const shown = new Set(objectsWhere(reply.body as Json, (o) => m.idKey in o).map((o) => String(o[m.idKey])));
    for (const r of [...waiting])
      if (shown.has(String(r[m.idKey]))) {
        r[status] = 'Active';
        waiting.delete(r);
      }
    return reply;
  };
  return [
    wrapRoute('PATCH', m.path, (next) => async (ctx) => {
      const before = new Map(allOf(ctx, m).map((r) => [r, r[status]]));
      const reply = await next(ctx);
      for (const [r, was] of before) if (was !== 'Inactive' && r[status] === 'Inactive') pending(ctx).add(r);
      return reply;
    }),
    wrapRoute('GET', m.get.path, revertShown),
    wrapRoute('GET', m.path, revertShown),
  ];
}

export function readmodelOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  const add = (m: Modelled, target: string, clause: ClauseId, description: string, overlay: RouteOverlay[]) =>
    out.faults.push(generated('readmodel', `${m.name}.${target}`, clause, description, overlay));
  for (const m of modelled) {
    if (m.update)
      add(
        m,
        'get:cache-kept-by-update',
        m.update,
        `GET ${m.get.path} answers from a cache that PUT ${m.path} does not evict: a read after an update shows the record as first read.`,
        cachedGet(m, m.archive ? 'PATCH' : undefined),
      );
    if (m.search)
      add(
        m,
        `list.${m.search.param}:stale-after-update`,
        m.search.clause,
        `GET ${m.path}?${m.search.param}= searches an index that updates never reach: it matches and shows each record as it was before its first update.`,
        staleSearch(m, m.search.param),
      );
    if (m.listed)
      add(
        m,
        'list:bulk-created-unlisted',
        m.listed,
        `Records created by a bulk POST ${m.path} of two entries or more are read by id but never reach the list (a read model fed one record per event).`,
        bulkUnlisted(m),
      );
    if (m.archive && m.status)
      add(
        m,
        'archive:reverts-after-read',
        m.archive,
        `PATCH ${m.path} archives for one read: after the first read that shows the record inactive, it is active again (a sync from a stale source).`,
        archiveReverts(m, m.status),
      );
  }
  for (const [target, why] of [
    ['items.get:cache-kept-by-update', 'no update route: §4.2 shows create and archive only'],
    [
      '*.get:cache-kept-by-archive',
      'the transition operator: transition:<kind>.archive:stale-cache (a read-by-id cache the archive does not evict)',
    ],
    ['customers.list.*:stale-after-update', 'silences S-4.3-list-params: the customer list has no documented filter'],
    [
      'inventoryLevels.list:bulk-created-unlisted',
      'no create: §4.4 levels follow stocked items, which items are stocked is not defined (S-2.4-stocked-definition), and INVENTORY-STOCKED-ONLY only records which are listed',
    ],
    ['appointmentRequests.*', 'no update, archive nor read by id: §4.5 shows create and list only'],
    ['purchaseOrders.*', 'read only (§4.6): nothing writes what a read model would lag behind'],
    [
      '*:stale-for-a-while',
      'silences S-CONS-read-after-write: a view that catches up after a delay is a choice; the faults above never catch up',
    ],
  ] as const)
    out.unreached.push({ operator: 'readmodel', target, why });
  return out;
}
