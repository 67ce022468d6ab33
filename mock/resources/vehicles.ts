import { mileageUnits } from '../../contract/schemas.js';
import { bulkArray, companyOf } from '../context.js';
import { badRequest, notFound, type Reply } from '../http.js';
import type { CompanyData, VehicleRecord } from '../model.js';
import { dateParam, inWindow, pageRequest, slice, type PageRequest } from '../query.js';
import type { RequestContext, Route } from '../types.js';
import { idField, integer, listOf, oneOfValues, presentFields, quantity, tag, text, type Readers } from './fields.js';
import { pagination, resultsReply, singleResultReply, writeReply } from './results-envelope.js';

/** Vehicles: §2.1 fields, §3 archive, §4.1 endpoints, §2.7 envelopes. */

type Editable = Omit<VehicleRecord, 'vehicleId' | 'companyId' | 'createdDate' | 'updatedDate'>;

export const vehicleStatuses = ['Active', 'Inactive'] as const;

const readers: Readers<Editable> = {
  customerId: text(100),
  year: integer(1886, 2100),
  make: text(),
  model: text(),
  vehicleName: text(),
  engine: text(),
  color: text(),
  licensePlate: text(20),
  state: text(10),
  vin: text(32),
  imgUrl: text(2000),
  notes: text(4000),
  tags: listOf(tag),
  driveType: text(),
  transmission: text(),
  mileage: quantity(1e8),
  mileageUnit: oneOfValues(mileageUnits),
  vehicleStatus: oneOfValues(vehicleStatuses),
};

/** Values of fields not sent on create. */
export function blankVehicle(customerId: string): Editable {
  return {
    customerId,
    year: 0,
    make: '',
    model: '',
    vehicleName: '',
    engine: '',
    color: '',
    licensePlate: '',
    state: '',
    vin: '',
    imgUrl: '',
    notes: '',
    tags: [],
    driveType: '',
    transmission: '',
    mileage: 0,
    mileageUnit: 'Miles',
    vehicleStatus: 'Active',
  };
}

/** 404 unless the customer belongs to this company (§4.1: a vehicle belongs to a customer of the company). */
function requireCustomer(company: CompanyData, customerId: string, at: string): void {
  if (!company.customers.has(customerId)) notFound(`${at}: customer ${customerId} not found`);
}

/** §4.1 POST: each entry needs an existing customerId; the whole bulk is validated before any of it is stored. */
function create(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const now = ctx.store.now();
  const records = bulkArray(ctx, 'vehicles').map((raw, i): VehicleRecord => {
    const at = `vehicles[${i}]`;
    const customerId = idField(raw, 'customerId', at);
    requireCustomer(company, customerId, at);
    const sent = presentFields(raw, readers, at);
    const fields = { ...blankVehicle(customerId), ...sent };
    if (sent.vehicleName === undefined)
      fields.vehicleName = [fields.year || '', fields.make, fields.model].filter(Boolean).join(' ');
    return {
      vehicleId: ctx.store.nextId('veh'),
      companyId: company.companyId,
      ...fields,
      createdDate: now,
      updatedDate: now,
    };
  });
  for (const r of records) company.vehicles.set(r.vehicleId, r);
  return writeReply(`${records.length} vehicle(s) created`, { vehicles: records });
}

const sortKeys = {
  vehicleId: (v: VehicleRecord) => v.vehicleId,
  year: (v: VehicleRecord) => v.year,
  make: (v: VehicleRecord) => v.make.toLowerCase(),
  model: (v: VehicleRecord) => v.model.toLowerCase(),
  vehicleName: (v: VehicleRecord) => v.vehicleName.toLowerCase(),
  licensePlate: (v: VehicleRecord) => v.licensePlate.toLowerCase(),
  vin: (v: VehicleRecord) => v.vin.toLowerCase(),
  mileage: (v: VehicleRecord) => v.mileage,
  createdDate: (v: VehicleRecord) => v.createdDate,
  updatedDate: (v: VehicleRecord) => v.updatedDate,
} satisfies Record<string, (v: VehicleRecord) => string | number>;
type SortField = keyof typeof sortKeys;
export const vehicleSortFields = Object.keys(sortKeys) as SortField[];

/** Undocumented: fields the search term is matched against, case-insensitively, as a substring. */
export const vehicleSearchFields = ['vehicleName', 'make', 'model', 'vin', 'licensePlate', 'notes'] as const;

function matchesSearch(v: VehicleRecord, term: string): boolean {
  return vehicleSearchFields.some((f) => v[f].toLowerCase().includes(term));
}

/** The GET /vehicles filters of §4.1 (customerId, search, updated window) as one predicate; a bad date is a 400. */
export function vehicleFilter(q: URLSearchParams): (v: VehicleRecord) => boolean {
  const customerId = q.get('customerId');
  const term = (q.get('search') ?? '').trim().toLowerCase();
  const start = dateParam(q, 'updatedDateStart');
  const end = dateParam(q, 'updatedDateEnd');
  return (v) =>
    (!customerId || v.customerId === customerId) &&
    (!term || matchesSearch(v, term)) &&
    inWindow(v.updatedDate, start, end);
}

/**
 * §4.1 sort + sortDirection (ASC shown; DESC a mock choice) as a comparator; an unknown field or
 * direction is a 400. Ties are broken by vehicleId, ascending either way, so paging is stable.
 */
export function vehicleOrder(q: URLSearchParams): (a: VehicleRecord, b: VehicleRecord) => number {
  const field = q.get('sort') || 'vehicleId';
  if (!Object.hasOwn(sortKeys, field)) badRequest(`sort must be one of ${vehicleSortFields.join(', ')}`);
  const direction = (q.get('sortDirection') || 'ASC').toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC') badRequest('sortDirection must be ASC or DESC');
  const key = sortKeys[field as SortField];
  const sign = direction === 'DESC' ? -1 : 1;
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.vehicleId < b.vehicleId ? -1 : a.vehicleId > b.vehicleId ? 1 : 0;
  };
}

/** §2.7 list envelope: one page of the matching vehicles, and the pagination of all of them. */
export function vehicleListReply(
  matching: readonly VehicleRecord[],
  content: VehicleRecord[],
  page: PageRequest,
): Reply {
  return resultsReply('Vehicles retrieved successfully', content, pagination(matching.length, page));
}

function list(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const keep = vehicleFilter(ctx.query);
  const order = vehicleOrder(ctx.query);
  const page = pageRequest(ctx.query);
  const matching = [...company.vehicles.values()].filter(keep).sort(order);
  return vehicleListReply(matching, slice(matching, page), page);
}

/** Existing vehicles of the company for every entry of a bulk body, or 404 naming the unknown ones. */
export function existingVehicles(company: CompanyData, entries: Record<string, unknown>[]): VehicleRecord[] {
  const ids = entries.map((e, i) => idField(e, 'vehicleId', `vehicles[${i}]`));
  const missing = ids.filter((id) => !company.vehicles.has(id));
  if (missing.length) notFound(`unknown vehicleId: ${missing.join(', ')}`);
  return ids.map((id) => company.vehicles.get(id)!);
}

/** The vehicles a PUT /vehicles body names and, for each, the fields sent (validated, none stored yet). */
export function vehicleUpdates(ctx: RequestContext): { targets: VehicleRecord[]; changes: Partial<Editable>[] } {
  const company = companyOf(ctx);
  const entries = bulkArray(ctx, 'vehicles');
  const targets = existingVehicles(company, entries);
  const changes = entries.map((raw, i) => {
    const sent = presentFields(raw, readers, `vehicles[${i}]`);
    if (sent.customerId !== undefined) requireCustomer(company, sent.customerId, `vehicles[${i}]`);
    return sent;
  });
  return { targets, changes };
}

export const vehiclesUpdatedReply = (vehicles: VehicleRecord[]): Reply =>
  writeReply(`${vehicles.length} vehicle(s) updated`, { vehicles });

/** §4.1 PUT: each entry has vehicleId and only the fields to change. */
function update(ctx: RequestContext): Reply {
  const { targets, changes } = vehicleUpdates(ctx);
  const now = ctx.store.now();
  targets.forEach((v, i) => Object.assign(v, changes[i], { updatedDate: now }));
  return vehiclesUpdatedReply(targets);
}

/** The vehicles a PATCH /vehicles body names, of the company asked for, or 404 naming the unknown ones. */
export function vehiclesToArchive(ctx: RequestContext): { company: CompanyData; vehicles: VehicleRecord[] } {
  const company = companyOf(ctx);
  const entries = bulkArray(ctx, 'vehicles');
  // §2.1: customerId is required on archive; it is not matched against the owner (mock choice).
  entries.forEach((e, i) => idField(e, 'customerId', `vehicles[${i}]`));
  return { company, vehicles: existingVehicles(company, entries) };
}

/** §2.7 write envelope of an archive: each vehicle with its owner and the status it has now. */
export function vehiclesArchivedReply(vehicles: readonly VehicleRecord[]): Reply {
  const data = {
    vehicles: vehicles.map((v) => ({
      vehicleId: v.vehicleId,
      customerId: v.customerId,
      vehicleStatus: v.vehicleStatus,
    })),
  };
  return writeReply(`${vehicles.length} vehicle(s) archived`, data);
}

/** §4.1 PATCH, §3: vehicleStatus becomes Inactive; nothing is deleted. */
function archive(ctx: RequestContext): Reply {
  const { vehicles } = vehiclesToArchive(ctx);
  const now = ctx.store.now();
  for (const v of vehicles) {
    v.vehicleStatus = 'Inactive';
    v.updatedDate = now;
  }
  return vehiclesArchivedReply(vehicles);
}

export const vehicleReply = (vehicle: VehicleRecord): Reply =>
  singleResultReply('Vehicle retrieved successfully', vehicle);

/** §4.1 get-by-id; another company's vehicle is simply not found: 404, same as an unknown id (§1). */
function getById(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const vehicle = company.vehicles.get(ctx.params.vehicleId!);
  if (!vehicle) notFound('vehicle not found');
  return vehicleReply(vehicle!);
}

export const vehicleRoutes: Route[] = [
  { method: 'POST', path: '/vehicles', handler: create },
  { method: 'GET', path: '/vehicles', handler: list },
  { method: 'PUT', path: '/vehicles', handler: update },
  { method: 'PATCH', path: '/vehicles', handler: archive },
  { method: 'GET', path: '/vehicles/:vehicleId', handler: getById },
];
