import type { IdKind } from './ids.js';

/**
 * Which way a request goes: lists to the replica, reads by id to the primary, writes through the
 * primary's write lane (then replayed on the replica), inventory updates deferred. Anything else
 * (login, unknown paths, methods a path does not offer) goes to the primary as it is, which answers
 * 404 or 405 before it looks at the token.
 */
export type Resource =
  'vehicles' | 'items' | 'customers' | 'inventoryLevels' | 'appointmentRequests' | 'purchaseOrders';

export type Route =
  | { kind: 'list'; resource: Resource; paged: boolean }
  | { kind: 'get'; resource: Resource; idKind: IdKind; id: string }
  | { kind: 'write'; resource: Resource }
  | { kind: 'inventory-update' }
  | { kind: 'passthrough' };

const collections: Record<string, Resource> = {
  '/vehicles': 'vehicles',
  '/items': 'items',
  '/customers': 'customers',
  '/inventoryLevels': 'inventoryLevels',
  '/appointmentRequests': 'appointmentRequests',
  '/purchaseOrders': 'purchaseOrders',
};

const byId: Record<string, { resource: Resource; idKind: IdKind }> = {
  vehicles: { resource: 'vehicles', idKind: 'vehicle' },
  items: { resource: 'items', idKind: 'item' },
  customers: { resource: 'customers', idKind: 'customer' },
  inventoryLevels: { resource: 'inventoryLevels', idKind: 'item' },
  purchaseOrders: { resource: 'purchaseOrders', idKind: 'purchaseOrder' },
};

const writes: Record<string, readonly string[]> = {
  '/vehicles': ['POST', 'PUT', 'PATCH'],
  '/items': ['POST', 'PATCH'],
  '/customers': ['POST', 'PUT', 'PATCH'],
  '/appointmentRequests/create': ['POST'],
};

/** The path below /v2, slashes collapsed and no trailing one (the backend reads it the same way). */
export function normalisedPath(pathname: string): string | undefined {
  const p = pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  return p.startsWith('/v2/') ? p.slice(3) : undefined;
}

/** A path segment decoded; a broken escape stays as sent (and is then no valid id). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function routeOf(method: string, path: string | undefined): Route {
  if (path === undefined) return { kind: 'passthrough' };
  if (method === 'GET') {
    const listed = collections[path];
    if (listed) return { kind: 'list', resource: listed, paged: true };
    if (path === '/appointmentRequests/availableSlots')
      return { kind: 'list', resource: 'appointmentRequests', paged: false };
    const m = /^\/([A-Za-z]+)\/([^/]+)$/.exec(path);
    const target = m ? byId[m[1]!] : undefined;
    if (m && target) return { kind: 'get', ...target, id: decoded(m[2]!) };
    return { kind: 'passthrough' };
  }
  if (method === 'PUT' && path === '/inventoryLevels') return { kind: 'inventory-update' };
  const resource = path === '/appointmentRequests/create' ? 'appointmentRequests' : collections[path];
  if (resource && writes[path]?.includes(method)) return { kind: 'write', resource };
  return { kind: 'passthrough' };
}
