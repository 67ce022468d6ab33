import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext, Need } from '../../harness/conformance.js';
import { containsText, isSuccess, objectsWithKey } from '../../harness/checks/index.js';
import { buildCustomer, customerTermOf } from '../../generators/customers.js';
import { buildPart } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle } from '../../generators/vehicles.js';
import { createCustomersForCheck, customerIdOf, customerRecords, findCustomersByTerm, getCustomer, listCustomers } from '../customers/support.js';
import { createItemForCheck, itemIdOf, listItems, pageRecords } from '../items/support.js';
import { createVehicleForCheck, getVehicle, listVehicles, termOf, vehicleIdOf, vehicleRecords } from '../vehicles/support.js';

/**
 * One resource as the tenancy checks see it (§1: every record belongs to a company). Each probe
 * uses the resource's own documented (or profile) requests, so isolation is judged alike for all.
 */
export interface TenantProbe {
  resource: 'vehicles' | 'customers' | 'items';
  /** The documented identifier field (§2.1, §2.2, §2.3). */
  idKey: 'vehicleId' | 'customerId' | 'itemId';
  /** Needs of creating a record, beyond the second company. */
  createNeeds: Need[];
  /** Creates a record of the run's own under ctx.companyId; its id and a unique word it carries. */
  create(ctx: CheckContext): Promise<{ id: string; term: string }>;
  /** Whether listing `companyId`, narrowed the way the resource allows, shows the record. */
  listShows(ctx: CheckContext, companyId: string, record: { id: string; term: string }): Promise<{ res?: ApiResponse; shown: boolean }>;
  get(ctx: CheckContext, id: string, companyId: string): Promise<ApiResponse>;
  /** An existing record of ctx.companyId, for read-only checks. */
  existingId(ctx: CheckContext): Promise<string | undefined>;
}

/** Whether a body holds the record: its id under the id field, or its unique word. */
export const holds = (body: unknown, idKey: string, record: { id: string; term?: string }) =>
  objectsWithKey(body, idKey).some((o) => String(o[idKey]) === record.id) || (!!record.term && containsText(body, record.term));

const vehicles: TenantProbe = {
  resource: 'vehicles',
  idKey: 'vehicleId',
  createNeeds: ['customer'],
  async create(ctx) {
    const input = buildVehicle(seededFaker(ctx.seed, 'tenant-vehicle'), ctx.marker, ctx.target.customerId!);
    return { id: await createVehicleForCheck(ctx, input), term: termOf(input) };
  },
  async listShows(ctx, companyId, record) {
    const res = await listVehicles(ctx, { search: record.term, size: 50, page: 1 }, companyId);
    return { res, shown: isSuccess(res) && holds(res.json, 'vehicleId', record) };
  },
  get: (ctx, id, companyId) => getVehicle(ctx, id, companyId),
  async existingId(ctx) {
    const res = await listVehicles(ctx, { size: 5, page: 1 });
    return isSuccess(res) ? vehicleRecords(res.json).map(vehicleIdOf).find(Boolean) : undefined;
  },
};

const items: TenantProbe = {
  resource: 'items',
  idKey: 'itemId',
  createNeeds: [],
  async create(ctx) {
    const input = buildPart(seededFaker(ctx.seed, 'tenant-item'), ctx.marker);
    return { id: await createItemForCheck(ctx, input), term: input.itemNumber };
  },
  async listShows(ctx, companyId, record) {
    const res = await ctx.api.get('/items', { companyId, itemNumber: record.term, size: 50, page: 1 });
    return { res, shown: isSuccess(res) && holds(res.json, 'itemId', record) };
  },
  get: (ctx, id, companyId) => ctx.api.get(`/items/${encodeURIComponent(id)}`, { companyId }),
  async existingId(ctx) {
    const res = await listItems(ctx, { size: 5, page: 1 });
    return isSuccess(res) ? pageRecords(res).map(itemIdOf).find(Boolean) : undefined;
  },
};

const customers: TenantProbe = {
  resource: 'customers',
  idKey: 'customerId',
  createNeeds: [],
  async create(ctx) {
    const input = buildCustomer(seededFaker(ctx.seed, 'tenant-customer'), ctx.marker, ctx.profile.customers);
    const [id] = await createCustomersForCheck(ctx, [input]);
    return { id: id!, term: customerTermOf(input, ctx.profile.customers) };
  },
  async listShows(ctx, companyId, record) {
    // The list has no documented filter: found by the guessed search, else by a bounded walk.
    const found = await findCustomersByTerm(ctx, [record.term], companyId);
    const hit = found.get(record.term);
    return { shown: !!hit && (customerIdOf(hit) === record.id || containsText(hit, record.term)) };
  },
  get: (ctx, id, companyId) => getCustomer(ctx, id, companyId),
  async existingId(ctx) {
    const res = await listCustomers(ctx, { size: 5, page: 1 });
    return isSuccess(res) ? customerRecords(res.json).map(customerIdOf).find(Boolean) : undefined;
  },
};

export const tenantProbes: readonly TenantProbe[] = [vehicles, customers, items];
