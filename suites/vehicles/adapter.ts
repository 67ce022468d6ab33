import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { fieldValue, firstRecordArray, isRecord, objectsWithKey, recordArrayWith, reportedTotal } from '../../harness/checks/index.js';
import type { VehicleChanges, VehicleInput } from '../../generators/vehicles.js';
import type { Rec, ResourceAdapter } from '../common/adapter.js';

/** Vehicles (§2.1, §4.1). Documented names only: companyId, vehicles, vehicleId, customerId. */

/** The records of a list or get body: results.content as documented (§2.7), else found tolerantly. */
function records(res: ApiResponse): Rec[] {
  const body = res.json;
  if (isRecord(body) && isRecord(body.results) && Array.isArray(body.results.content)) return body.results.content.filter(isRecord);
  return recordArrayWith(body, 'vehicleId') ?? firstRecordArray(body) ?? [];
}

const idOf = (r: Rec) => {
  const v = r.vehicleId ?? fieldValue(r, ['vehicleId']);
  return v === undefined || v === null ? undefined : String(v);
};

export const vehicles = {
  name: 'vehicles',
  path: '/vehicles',
  idKey: 'vehicleId',
  documentedList: true,
  list: (ctx, query = {}, companyId = ctx.companyId) => ctx.api.get('/vehicles', { companyId, ...query }),
  records,
  /** Read from the pagination object when there is one (a record may hold count-like fields). */
  total: (res) => {
    const body = res.json;
    const pagination = isRecord(body) && isRecord(body.results) ? body.results.pagination : undefined;
    return reportedTotal(pagination ?? (isRecord(body) ? { ...body, results: undefined } : undefined));
  },
  idOf,
  get: (ctx, id, companyId = ctx.companyId) => ctx.api.get(`/vehicles/${encodeURIComponent(id)}`, { companyId }),
  recordIn: (res, id) => records(res).find((r) => idOf(r) === id) ?? objectsWithKey(res.json, 'vehicleId').find((r) => String(r.vehicleId) === id),
} as const satisfies ResourceAdapter;

export function postVehicles(ctx: CheckContext, inputs: readonly VehicleInput[]): Promise<ApiResponse> {
  return ctx.api.post('/vehicles', { companyId: ctx.companyId, vehicles: inputs });
}

/** §4.1 PUT: each entry has vehicleId and only the fields to change. */
export function putVehicles(ctx: CheckContext, updates: readonly (VehicleChanges & { vehicleId?: string })[]): Promise<ApiResponse> {
  return ctx.api.put('/vehicles', { companyId: ctx.companyId, vehicles: updates });
}

/** §4.1 PATCH archives; each entry carries vehicleId and customerId (§2.1: both required on archive). */
export function archiveVehicles(ctx: CheckContext, entries: readonly { vehicleId?: string; customerId?: string }[]): Promise<ApiResponse> {
  return ctx.api.patch('/vehicles', { companyId: ctx.companyId, vehicles: entries });
}

export const listVehicles = (ctx: CheckContext, query: Query = {}, companyId?: string) => vehicles.list(ctx, query, companyId);
