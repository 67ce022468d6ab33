import type { Method, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { addDays, dayOf } from '../../harness/checks/index.js';

/**
 * Every endpoint of §4.1–§4.6 with a harmless request: empty bulk arrays, and reads by id of real
 * records where the run could find one (an unknown id gets a 4xx whether or not the credential is
 * checked, so it cannot show a rejection), so that even a target that fails to check the credential
 * changes nothing.
 */

/** Ids of existing records for the read-by-id endpoints; a missing one falls back to an unknown id. */
export interface RealIds {
  vehicleId?: string;
  itemId?: string;
  customerId?: string;
  inventoryItemId?: string;
  purchaseOrderId?: string;
}

export interface Endpoint {
  method: Method;
  path: string;
  query?: Query;
  body?: unknown;
  /** A read by id of an id no record holds (no real one was found): a 4xx there proves less. */
  unknownId?: boolean;
}

export function endpointMatrix(ctx: CheckContext, ids: RealIds = {}): Endpoint[] {
  const companyId = ctx.companyId;
  const probeId = `conformance-auth-${ctx.marker}`;
  const byId = (id: string | undefined) => encodeURIComponent(id ?? probeId);
  const unknown = (id: string | undefined) => (id === undefined ? { unknownId: true } : {});
  const q = { companyId };
  const day = addDays(dayOf(new Date()), 7);
  const appt = ctx.profile.appointmentRequests;
  const where = {
    [ctx.profile.companyParam]: companyId,
    ...(ctx.target.locationId ? { [appt.locationParam]: ctx.target.locationId } : {}),
  };
  const all: Endpoint[] = [
    // §4.1 vehicles
    { method: 'POST', path: '/vehicles', body: { companyId, vehicles: [] } },
    { method: 'GET', path: '/vehicles', query: { ...q, size: 1, page: 1 } },
    { method: 'PUT', path: '/vehicles', body: { companyId, vehicles: [] } },
    { method: 'PATCH', path: '/vehicles', body: { companyId, vehicles: [] } },
    { method: 'GET', path: `/vehicles/${byId(ids.vehicleId)}`, query: q, ...unknown(ids.vehicleId) },
    // §4.2 items
    { method: 'POST', path: '/items', body: { companyId, items: [] } },
    { method: 'GET', path: '/items', query: { ...q, size: 1, page: 1 } },
    { method: 'PATCH', path: '/items', body: { companyId, items: [] } },
    { method: 'GET', path: `/items/${byId(ids.itemId)}`, query: q, ...unknown(ids.itemId) },
    // §4.3 customers (bodies not shown: the profile's array name)
    { method: 'POST', path: '/customers', body: { companyId, [ctx.profile.customers.arrayField]: [] } },
    { method: 'GET', path: '/customers', query: { ...q, size: 1, page: 1 } },
    { method: 'PUT', path: '/customers', body: { companyId, [ctx.profile.customers.arrayField]: [] } },
    { method: 'PATCH', path: '/customers', body: { companyId, [ctx.profile.customers.arrayField]: [] } },
    { method: 'GET', path: `/customers/${byId(ids.customerId)}`, query: q, ...unknown(ids.customerId) },
    // §4.4 inventory levels
    { method: 'GET', path: '/inventoryLevels', query: q },
    { method: 'PUT', path: '/inventoryLevels', body: { companyId, [ctx.profile.inventoryLevels.arrayField]: [] } },
    { method: 'GET', path: `/inventoryLevels/${byId(ids.inventoryItemId)}`, query: q, ...unknown(ids.inventoryItemId) },
    // §4.5 appointment requests (a body without dates: never a booking)
    { method: 'POST', path: '/appointmentRequests/create', query: where, body: { ...where } },
    { method: 'GET', path: '/appointmentRequests', query: { ...where, size: 1, page: 1 } },
    {
      method: 'GET',
      path: '/appointmentRequests/availableSlots',
      query: { ...where, appointmentDateStart: day, appointmentDateEnd: day },
    },
    // §4.6 purchase orders
    { method: 'GET', path: '/purchaseOrders', query: { ...q, source: 'inventory', size: 1, page: 1 } },
    { method: 'GET', path: `/purchaseOrders/${byId(ids.purchaseOrderId)}`, query: q, ...unknown(ids.purchaseOrderId) },
  ];
  // CONFORMANCE_MODE=readonly sends only GET requests.
  return ctx.run.mode === 'readonly' ? all.filter((e) => e.method === 'GET') : all;
}

export const endpointName = (e: Endpoint) => `${e.method} ${e.path}`;

export const isWrite = (e: Endpoint) => e.method !== 'GET';
