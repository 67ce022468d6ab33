import { serverManaged } from '../../harness/checks/frame.js';
import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { getVehicle, listVehicles as listVehiclesOf } from '../../harness/locate/requests.js';
import { vehicleShape } from '../../harness/locate/shapes.js';
import type { VehicleChanges, VehicleInput } from '../../generators/vehicles.js';
import type { ResourceAdapter } from '../common/adapter.js';
import { baseLists, scopeOf } from '../common/own-records.js';
import { onBase } from '../common/page-base.js';

const { raw: rawVehicles } = baseLists['/vehicles'];

/** The §2.1 fields: what a write leaves alone unless it sends them (vehicleStatus is the archive's, §3). */
export const vehicleFields = [
  'vehicleId',
  'customerId',
  'year',
  'make',
  'model',
  'vehicleName',
  'engine',
  'color',
  'licensePlate',
  'state',
  'vin',
  'imgUrl',
  'notes',
  'tags',
  'driveType',
  'transmission',
  'mileage',
  'mileageUnit',
  'vehicleStatus',
] as const;

/** Vehicles (§2.1, §4.1). Documented names only: companyId, vehicles, vehicleId, customerId. Shapes and requests live in harness/locate. */
export const vehicles = {
  name: 'vehicles',
  path: '/vehicles',
  idKey: 'vehicleId',
  documentedList: true,
  // page counts from 1 here; the list's own base is observed (S-PAGE-base).
  list: async (ctx, query = {}, companyId = ctx.companyId) =>
    listVehiclesOf(ctx.api, scopeOf(ctx, companyId), await onBase(ctx, 'vehicles', query, rawVehicles, vehicleShape)),
  records: (res) => vehicleShape.records(res.json),
  total: (res) => vehicleShape.total(res.json),
  idOf: vehicleShape.idOf,
  get: (ctx, id, companyId = ctx.companyId) => getVehicle(ctx.api, scopeOf(ctx, companyId), id),
  recordIn: (res, id) => vehicleShape.recordIn(res.json, id),
  frame: {
    layout: 'named',
    documented: vehicleFields,
    archiveMoves: (path) => path === 'vehicleStatus',
    // S-2.1-vehicleName: a target may build the name from year, make and model, again on every update.
    serverManaged: (path) => serverManaged(path) || path === 'vehicleName',
  },
} as const satisfies ResourceAdapter;

/** §4.1 POST; an entry without customerId is only ever sent by the required-field probe. */
export function postVehicles(
  ctx: CheckContext,
  inputs: readonly (VehicleInput | Omit<VehicleInput, 'customerId'>)[],
): Promise<ApiResponse> {
  return ctx.api.post('/vehicles', { companyId: ctx.companyId, vehicles: inputs });
}

/** §4.1 PUT: each entry has vehicleId and only the fields to change. */
export function putVehicles(
  ctx: CheckContext,
  updates: readonly (VehicleChanges & { vehicleId?: string })[],
): Promise<ApiResponse> {
  return ctx.api.put('/vehicles', { companyId: ctx.companyId, vehicles: updates });
}

/** §4.1 PATCH archives; each entry carries vehicleId and customerId (§2.1: both required on archive). */
export function archiveVehicles(
  ctx: CheckContext,
  entries: readonly { vehicleId?: string; customerId?: string }[],
): Promise<ApiResponse> {
  return ctx.api.patch('/vehicles', { companyId: ctx.companyId, vehicles: entries });
}

export const listVehicles = (ctx: CheckContext, query: Query = {}, companyId?: string) =>
  vehicles.list(ctx, query, companyId);
