import { mileageUnits } from '../../contract/schemas.js';
import { bulkArray, companyOf, type RequestContext } from '../context.js';
import { badRequest, notFound, ok, type Reply } from '../http.js';
import type { CompanyData, VehicleRecord } from '../model.js';
import { dateParam, inWindow, pageRequest, type PageRequest } from '../query.js';
import type { Route } from '../types.js';
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

/** Values of fields not sent on create (and, under a fault, after a full-replace PUT). */
function blankVehicle(customerId: string): Editable {
  return {
    customerId, year: 0, make: '', model: '', vehicleName: '', engine: '', color: '', licensePlate: '', state: '',
    vin: '', imgUrl: '', notes: '', tags: [], driveType: '', transmission: '', mileage: 0, mileageUnit: 'Miles',
    vehicleStatus: 'Active',
  };
}

/** 404 unless the customer belongs to this company (§4.1: a vehicle belongs to a customer of the company). */
function requireCustomer(company: CompanyData, customerId: string, at: string): void {
  if (!company.customers.has(customerId)) notFound(`${at}: customer ${customerId} not found`);
}

/** The record as the API shows it; output-side faults sit here, beside the serialisation they break. */
function view(ctx: RequestContext, v: VehicleRecord): VehicleRecord {
  const hash = ctx.faults.has('vehicles-tag-color-hash');
  const lower = ctx.faults.has('vehicles-mileage-unit-lowercased');
  if (!hash && !lower) return v;
  return {
    ...v,
    tags: hash ? v.tags.map((t) => ({ ...t, color: `#${t.color}` })) : v.tags,
    mileageUnit: lower ? v.mileageUnit.toLowerCase() : v.mileageUnit,
  };
}

function create(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const now = ctx.store.now();
  // Validate the whole bulk before storing any of it.
  const records = bulkArray(ctx, 'vehicles').map((raw, i): VehicleRecord => {
    const at = `vehicles[${i}]`;
    const customerId = idField(raw, 'customerId', at);
    requireCustomer(company, customerId, at);
    const sent = presentFields(raw, readers, at);
    const fields = { ...blankVehicle(customerId), ...sent };
    if (sent.vehicleName === undefined) fields.vehicleName = [fields.year || '', fields.make, fields.model].filter(Boolean).join(' ');
    // Fault: the owner is validated but never written.
    if (ctx.faults.has('vehicles-create-drops-customer')) fields.customerId = '';
    return { vehicleId: ctx.store.nextId('veh'), companyId: company.companyId, ...fields, createdDate: now, updatedDate: now };
  });
  for (const r of records) company.vehicles.set(r.vehicleId, r);
  const created = records.map((r) => view(ctx, r));
  const message = `${records.length} vehicle(s) created`;
  if (ctx.faults.has('vehicles-create-data-array')) return ok({ success: true, message, data: created });
  return writeReply(message, { vehicles: created });
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

interface SortSpec {
  key: (v: VehicleRecord) => string | number;
  descending: boolean;
}

/** §4.1 sort + sortDirection (ASC shown; DESC a mock choice); an unknown field or direction is a 400. */
function sortSpec(ctx: RequestContext): SortSpec {
  const field = ctx.query.get('sort') || 'vehicleId';
  if (!Object.hasOwn(sortKeys, field)) badRequest(`sort must be one of ${vehicleSortFields.join(', ')}`);
  const direction = (ctx.query.get('sortDirection') || 'ASC').toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC') badRequest('sortDirection must be ASC or DESC');
  // Fault: the comparator is inverted for ASC.
  const descending = direction === 'DESC' || ctx.faults.has('vehicles-sort-asc-descending');
  return { key: sortKeys[field as SortField], descending };
}

function ordered(all: VehicleRecord[], s: SortSpec): VehicleRecord[] {
  const sign = s.descending ? -1 : 1;
  return all.sort((a, b) => {
    const x = s.key(a);
    const y = s.key(b);
    if (x !== y) return (x < y ? -1 : 1) * sign;
    // Ties by id, ascending either way: a stable order for paging.
    return a.vehicleId < b.vehicleId ? -1 : a.vehicleId > b.vehicleId ? 1 : 0;
  });
}

function pageOf(ctx: RequestContext, all: readonly VehicleRecord[], p: PageRequest): VehicleRecord[] {
  let start = (p.page - 1) * p.size;
  // Fault: an off-by-one offset repeats the last record of the previous page.
  if (p.page > 1 && ctx.faults.has('vehicles-page-overlap')) start -= 1;
  return all.slice(start, start + p.size);
}

function visibleVehicles(ctx: RequestContext, company: CompanyData): VehicleRecord[] {
  // Fault: the company predicate is missing from the list query.
  if (ctx.faults.has('tenant-vehicles-list-all-companies')) return [...ctx.store.companies.values()].flatMap((c) => [...c.vehicles.values()]);
  return [...company.vehicles.values()];
}

function list(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const q = ctx.query;
  const customerId = ctx.faults.has('vehicles-filter-customer-ignored') ? null : q.get('customerId');
  const term = ctx.faults.has('vehicles-search-ignored') ? '' : (q.get('search') ?? '').trim().toLowerCase();
  const ignoreUpdated = ctx.faults.has('vehicles-updated-filter-ignored');
  const start = dateParam(q, 'updatedDateStart');
  const end = dateParam(q, 'updatedDateEnd');
  const sort = sortSpec(ctx);
  const page = pageRequest(q);
  const matching = visibleVehicles(ctx, company).filter(
    (v) =>
      (!customerId || v.customerId === customerId) &&
      (!term || matchesSearch(v, term)) &&
      (ignoreUpdated || inWindow(v.updatedDate, start, end)),
  );
  const content = pageOf(ctx, ordered(matching, sort), page).map((v) => view(ctx, v));
  const message = 'Vehicles retrieved successfully';
  if (ctx.faults.has('vehicles-list-results-array')) return ok({ message, results: content });
  return resultsReply(message, content, pagination(matching.length, page));
}

/** Existing vehicles of the company for every entry of a bulk body, or 404 naming the unknown ones. */
function existingVehicles(company: CompanyData, entries: Record<string, unknown>[]): VehicleRecord[] {
  const ids = entries.map((e, i) => idField(e, 'vehicleId', `vehicles[${i}]`));
  const missing = ids.filter((id) => !company.vehicles.has(id));
  if (missing.length) notFound(`unknown vehicleId: ${missing.join(', ')}`);
  return ids.map((id) => company.vehicles.get(id)!);
}

/** §4.1 PUT: each entry has vehicleId and only the fields to change. */
function update(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const entries = bulkArray(ctx, 'vehicles');
  const targets = existingVehicles(company, entries);
  const changes = entries.map((raw, i) => {
    const sent = presentFields(raw, readers, `vehicles[${i}]`);
    if (sent.customerId !== undefined) requireCustomer(company, sent.customerId, `vehicles[${i}]`);
    return sent;
  });
  const now = ctx.store.now();
  const resetUnsent = ctx.faults.has('vehicles-update-resets-unsent');
  const updated = targets.map((v, i) => {
    // Fault: the body is mapped onto a fresh entity instead of the stored one.
    const base = resetUnsent ? { ...blankVehicle(v.customerId), vehicleStatus: v.vehicleStatus } : {};
    Object.assign(v, base, changes[i], { updatedDate: now });
    return view(ctx, v);
  });
  const message = `${updated.length} vehicle(s) updated`;
  if (ctx.faults.has('vehicles-update-no-message')) return ok({ success: true, data: { vehicles: updated } });
  return writeReply(message, { vehicles: updated });
}

/** §4.1 PATCH, §3: vehicleStatus becomes Inactive; nothing is deleted. */
function archive(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const entries = bulkArray(ctx, 'vehicles');
  // §2.1: customerId is required on archive; it is not matched against the owner (mock choice).
  entries.forEach((e, i) => idField(e, 'customerId', `vehicles[${i}]`));
  const targets = existingVehicles(company, entries);
  const now = ctx.store.now();
  for (const v of targets) {
    if (ctx.faults.has('vehicles-archive-deletes')) company.vehicles.delete(v.vehicleId);
    else if (!ctx.faults.has('vehicles-archive-does-nothing')) {
      v.vehicleStatus = 'Inactive';
      v.updatedDate = now;
    }
  }
  if (ctx.faults.has('vehicles-archive-no-content')) return { status: 204 };
  const data = { vehicles: targets.map((v) => ({ vehicleId: v.vehicleId, customerId: v.customerId, vehicleStatus: v.vehicleStatus })) };
  return writeReply(`${targets.length} vehicle(s) archived`, data);
}

function findVehicle(ctx: RequestContext, company: CompanyData, vehicleId: string): VehicleRecord | undefined {
  // Fault: the lookup is by id alone, across companies.
  if (ctx.faults.has('tenant-vehicles-get-any-company')) {
    for (const c of ctx.store.companies.values()) {
      const hit = c.vehicles.get(vehicleId);
      if (hit) return hit;
    }
  }
  return company.vehicles.get(vehicleId);
}

function getById(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  // Another company's vehicle is simply not found here: 404, same as an unknown id.
  const vehicle = findVehicle(ctx, company, ctx.params.vehicleId!);
  if (!vehicle) notFound('vehicle not found');
  const message = 'Vehicle retrieved successfully';
  if (ctx.faults.has('vehicles-get-content-object')) {
    return ok({ message, results: { content: view(ctx, vehicle!), pagination: { page: 1, size: 1, totalCount: 1, totalPages: 1 } } });
  }
  return singleResultReply(message, view(ctx, vehicle!));
}

export const vehicleRoutes: Route[] = [
  { method: 'POST', path: '/vehicles', handler: create },
  { method: 'GET', path: '/vehicles', handler: list },
  { method: 'PUT', path: '/vehicles', handler: update },
  { method: 'PATCH', path: '/vehicles', handler: archive },
  { method: 'GET', path: '/vehicles/:vehicleId', handler: getById },
];
