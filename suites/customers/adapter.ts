import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import {
  containsText,
  describeResponse,
  endsList,
  fieldValue,
  idsIn,
  isClientError,
  isRecord,
  isSuccess,
  objectsWithKey,
  recordArrayWith,
  reportedTotal,
  type WalkedPage,
} from '../../harness/checks/index.js';
import { customerTermOf, type CustomerInput } from '../../generators/customers.js';
import type { ResourceAdapter } from '../common/adapter.js';

/**
 * Helpers shared by the customer checks (§4.3, beta). Only `customerId` is documented (§2.3):
 * every body and parameter name comes from ctx.profile, and records are located tolerantly.
 */

const company = (ctx: CheckContext, companyId = ctx.companyId) => ({ [ctx.profile.companyParam]: companyId });

export function postCustomers(ctx: CheckContext, customers: CustomerInput[]): Promise<ApiResponse> {
  return ctx.api.post('/customers', { ...company(ctx), [ctx.profile.customers.arrayField]: customers });
}

export function putCustomers(ctx: CheckContext, updates: CustomerInput[]): Promise<ApiResponse> {
  return ctx.api.put('/customers', { ...company(ctx), [ctx.profile.customers.arrayField]: updates });
}

/** §4.3: archive by a list of customerId values. */
export function archiveCustomers(ctx: CheckContext, customerIds: string[]): Promise<ApiResponse> {
  return ctx.api.patch('/customers', { ...company(ctx), [ctx.profile.customers.arrayField]: customerIds.map((customerId) => ({ customerId })) });
}

export function getCustomer(ctx: CheckContext, customerId: string, companyId = ctx.companyId): Promise<ApiResponse> {
  return ctx.api.get(`/customers/${encodeURIComponent(customerId)}`, company(ctx, companyId));
}

/**
 * GET /customers; §4.3 lists "for the specified locations", a parameter whose name is guessed.
 * The list is asked without it first; only when that is refused, again with the known location.
 */
export async function listCustomers(ctx: CheckContext, query: Query = {}, companyId = ctx.companyId): Promise<ApiResponse> {
  const res = await ctx.api.get('/customers', { ...company(ctx, companyId), ...query });
  if (!isClientError(res) || !ctx.target.locationId) return res;
  ctx.observe('GET /customers without a location', `refused (${res.status}); retried with ${ctx.profile.customers.listLocationParam}`);
  return ctx.api.get('/customers', { ...company(ctx, companyId), [ctx.profile.customers.listLocationParam]: ctx.target.locationId, ...query });
}

/** The customer records of a list body, located tolerantly (the envelope is not shown). */
export function customerRecords(body: unknown): Record<string, unknown>[] {
  return recordArrayWith(body, 'customerId') ?? [];
}

export const customerIdOf = (r: Record<string, unknown>) => String(r.customerId ?? fieldValue(r, ['customerId']) ?? '');

/** The customer with this id in a get or list body. */
export function customerIn(body: unknown, customerId: string): Record<string, unknown> | undefined {
  return objectsWithKey(body, 'customerId').find((r) => String(r.customerId) === customerId);
}

/** A reported total, read outside the records (a record may hold count-like fields). */
export function customerTotal(body: unknown): number | undefined {
  if (!isRecord(body)) return undefined;
  const outside = Object.fromEntries(Object.entries(body).filter(([, v]) => !Array.isArray(v)));
  return reportedTotal(outside);
}

export function walkedCustomerPage(res: ApiResponse, page: number): WalkedPage {
  const records = customerRecords(res.json);
  return { page, ids: records.map(customerIdOf), total: customerTotal(res.json) };
}

/**
 * Finds records by their unique terms: first through the guessed search parameter (its answer is
 * only scanned, never judged), then by walking the list, bounded for a live target.
 */
export async function findCustomersByTerm(
  ctx: CheckContext,
  terms: string[],
  companyId = ctx.companyId,
  maxPages = ctx.frugal ? 5 : 20,
  /** A word every term starts with: one search for it may find them all at once. */
  common?: string,
): Promise<Map<string, Record<string, unknown>> & { complete?: boolean }> {
  const found: Map<string, Record<string, unknown>> & { complete?: boolean } = new Map();
  const scan = (body: unknown) => {
    for (const r of customerRecords(body)) for (const t of terms) if (!found.has(t) && containsText(r, t)) found.set(t, r);
  };
  const search = (t: string) => listCustomers(ctx, { [ctx.profile.customers.searchParam]: t, size: 20, page: 1 }, companyId);
  if (common) {
    const res = await search(common);
    if (isSuccess(res)) scan(res.json);
  }
  const searched = await Promise.all(terms.filter((t) => !found.has(t)).map(search));
  for (const res of searched) if (isSuccess(res)) scan(res.json);
  found.complete = false;
  let firstCount = 0;
  for (let page = 1; page <= maxPages && found.size < terms.length; page++) {
    const res = await listCustomers(ctx, { size: 100, page }, companyId);
    if (!isSuccess(res)) break;
    const count = customerRecords(res.json).length;
    scan(res.json);
    if (page === 1) firstCount = count;
    // A page shorter than the first ends the list; a short first page may be the server's own maximum (§8).
    if (endsList(page, count, firstCount)) {
      found.complete = true;
      break;
    }
  }
  if (found.size === terms.length) found.complete = true;
  return found;
}

/** Maps each unique term to a customerId: from the create response when it shows them, else from the list. */
export async function locateCreated(ctx: CheckContext, res: ApiResponse, terms: string[], common?: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const returned = objectsWithKey(res.json, 'customerId');
  for (const t of terms) {
    const hit = returned.find((r) => containsText(r, t));
    if (hit) ids.set(t, String(hit.customerId));
  }
  if (ids.size < terms.length && terms.length === 1 && idsIn(res.json, 'customerId').length === 1) ids.set(terms[0]!, idsIn(res.json, 'customerId')[0]!);
  const missing = terms.filter((t) => !ids.has(t));
  if (missing.length) for (const [t, r] of await findCustomersByTerm(ctx, missing, ctx.companyId, undefined, common)) ids.set(t, customerIdOf(r));
  return ids;
}

/**
 * Whether a record reads as inactive, from a status-like field located tolerantly: a status string
 * (Inactive, Archived) or a flag (active false, archived true). undefined: no such field.
 */
export function inactiveState(r: Record<string, unknown>): boolean | undefined {
  const status = fieldValue(r, ['status', 'customerStatus']);
  if (typeof status === 'string' && /^(active|inactive|archived|enabled|disabled)$/i.test(status)) return /inactive|archived|disabled/i.test(status);
  const active = fieldValue(r, ['active', 'isActive', 'enabled']);
  if (typeof active === 'boolean') return !active;
  const archived = fieldValue(r, ['archived', 'isArchived', 'inactive', 'isInactive', 'deleted']);
  if (typeof archived === 'boolean') return archived;
  return undefined;
}

/**
 * Reads one customer: by id first; when that read fails, from the list by its unique term, so a
 * broken get-by-id (its own clause) does not decide other customer clauses.
 */
export async function readCustomerTolerantly(ctx: CheckContext, customerId: string, term: string): Promise<Record<string, unknown> | undefined> {
  const res = await getCustomer(ctx, customerId);
  const byId = isSuccess(res) ? customerIn(res.json, customerId) : undefined;
  if (byId) return byId;
  const listed = (await findCustomersByTerm(ctx, [term])).get(term);
  return listed && customerIdOf(listed) === customerId ? listed : undefined;
}

/**
 * Customers (§2.3, §4.3, beta): only customerId is documented. Bodies and parameters come from the
 * profile, records are located tolerantly, and a refused list is inconclusive (its parameters are guesses).
 */
export const customers = {
  name: 'customers',
  path: '/customers',
  idKey: 'customerId',
  documentedList: false,
  list: (ctx, query = {}, companyId = ctx.companyId) => listCustomers(ctx, query, companyId),
  records: (res) => customerRecords(res.json),
  total: (res) => customerTotal(res.json),
  idOf: (r) => customerIdOf(r) || undefined,
  get: (ctx, id, companyId = ctx.companyId) => getCustomer(ctx, id, companyId),
  recordIn: (res, id) => customerIn(res.json, id),
} as const satisfies ResourceAdapter;
