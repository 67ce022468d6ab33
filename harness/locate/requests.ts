import type { ApiResponse, Query } from '../client.js';
import { isClientError } from '../checks/http.js';
import type { Profile } from '../core/profile.js';

/**
 * The documented requests of the resources the run creates and archives (§4.1, §4.2, §4.3), with
 * the names §4.3 does not show taken from the profile. The suites' adapters, the locator and the
 * cleanup send them through here.
 */

/** What the locator and the cleanup need of a client: ApiClient fits. */
export interface Api {
  get(path: string, query?: Query): Promise<ApiResponse>;
  patch(path: string, body: unknown, query?: Query): Promise<ApiResponse>;
}

/** The company the requests act for, the known location, and the profile's names. */
export interface Scope {
  companyId: string;
  profile: Profile;
  locationId?: string;
  /** Told when a list is asked again with the location (the customers list "for the specified locations"). */
  note?: (name: string, value: unknown) => void;
}

export type Kind = 'vehicle' | 'item' | 'customer';

export const listVehicles = (api: Api, s: Scope, query: Query = {}) =>
  api.get('/vehicles', { companyId: s.companyId, ...query });
export const getVehicle = (api: Api, s: Scope, id: string) =>
  api.get(`/vehicles/${encodeURIComponent(id)}`, { companyId: s.companyId });
export const listItems = (api: Api, s: Scope, query: Query = {}) =>
  api.get('/items', { companyId: s.companyId, ...query });
export const getItem = (api: Api, s: Scope, id: string) =>
  api.get(`/items/${encodeURIComponent(id)}`, { companyId: s.companyId });

const customerCompany = (s: Scope) => ({ [s.profile.companyParam]: s.companyId });

/**
 * GET /customers: §4.3 lists "for the specified locations", a parameter whose name is guessed.
 * Asked without it first; only when its first page is refused, again with the known location (a
 * later page refused is a page past the last, §8).
 */
export async function listCustomers(api: Api, s: Scope, query: Query = {}): Promise<ApiResponse> {
  const res = await api.get('/customers', { ...customerCompany(s), ...query });
  if (!isClientError(res) || !s.locationId || Number(query.page ?? 1) > 1) return res;
  s.note?.(
    'GET /customers without a location',
    `refused (${res.status}); retried with ${s.profile.customers.listLocationParam}`,
  );
  return api.get('/customers', {
    ...customerCompany(s),
    [s.profile.customers.listLocationParam]: s.locationId,
    ...query,
  });
}
export const getCustomer = (api: Api, s: Scope, id: string) =>
  api.get(`/customers/${encodeURIComponent(id)}`, customerCompany(s));

export const readById: Record<Kind, (api: Api, s: Scope, id: string) => Promise<ApiResponse>> = {
  vehicle: getVehicle,
  item: getItem,
  customer: getCustomer,
};
export const listOf: Record<Kind, (api: Api, s: Scope, query?: Query) => Promise<ApiResponse>> = {
  vehicle: listVehicles,
  item: listItems,
  customer: listCustomers,
};

/** One record to archive: its id, and the owner a vehicle's archive needs (§2.1). */
export interface ArchiveEntry {
  id: string;
  customerId?: string;
}

/** The documented bulk archive (§3, §4.1, §4.2, §4.3 PATCH); the customers' body names come from the profile. */
export function archive(api: Api, s: Scope, kind: Kind, entries: readonly ArchiveEntry[]): Promise<ApiResponse> {
  if (kind === 'vehicle')
    return api.patch('/vehicles', {
      companyId: s.companyId,
      vehicles: entries.map((e) => ({ vehicleId: e.id, customerId: e.customerId })),
    });
  if (kind === 'item')
    return api.patch('/items', { companyId: s.companyId, items: entries.map((e) => ({ itemId: e.id })) });
  return api.patch('/customers', {
    ...customerCompany(s),
    [s.profile.customers.arrayField]: entries.map((e) => ({ customerId: e.id })),
  });
}
