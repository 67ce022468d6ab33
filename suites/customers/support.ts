import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import {
  containsText,
  describeResponse,
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
export async function findCustomersByTerm(ctx: CheckContext, terms: string[], companyId = ctx.companyId, maxPages = 20): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const scan = (body: unknown) => {
    for (const r of customerRecords(body)) for (const t of terms) if (!found.has(t) && containsText(r, t)) found.set(t, r);
  };
  const searched = await Promise.all(terms.map((t) => listCustomers(ctx, { [ctx.profile.customers.searchParam]: t, size: 20, page: 1 }, companyId)));
  for (const res of searched) if (isSuccess(res)) scan(res.json);
  for (let page = 1; page <= maxPages && found.size < terms.length; page++) {
    const res = await listCustomers(ctx, { size: 100, page }, companyId);
    if (!isSuccess(res)) break;
    const records = customerRecords(res.json);
    scan(res.json);
    if (records.length < 100) break;
  }
  return found;
}

/**
 * Creates customers as a precondition of another clause and returns their ids in input order.
 * A refusal or a customer that cannot be located makes the check inconclusive.
 */
export async function createCustomersForCheck(ctx: CheckContext, inputs: CustomerInput[]): Promise<string[]> {
  const res = await postCustomers(ctx, inputs);
  if (!isSuccess(res)) ctx.inconclusive(`precondition: POST /customers with the profile's body was refused (${describeResponse(res)})`);
  const terms = inputs.map((i) => customerTermOf(i, ctx.profile.customers));
  const located = await locateCreated(ctx, res, terms);
  return terms.map((t) => {
    const id = located.get(t);
    if (!id) ctx.inconclusive('precondition: a created customer could not be located by its marker');
    ctx.ledger.created('customer', id!);
    return id!;
  });
}

/** Maps each unique term to a customerId: from the create response when it shows them, else from the list. */
export async function locateCreated(ctx: CheckContext, res: ApiResponse, terms: string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const returned = objectsWithKey(res.json, 'customerId');
  for (const t of terms) {
    const hit = returned.find((r) => containsText(r, t));
    if (hit) ids.set(t, String(hit.customerId));
  }
  if (ids.size < terms.length && terms.length === 1 && idsIn(res.json, 'customerId').length === 1) ids.set(terms[0]!, idsIn(res.json, 'customerId')[0]!);
  const missing = terms.filter((t) => !ids.has(t));
  if (missing.length) for (const [t, r] of await findCustomersByTerm(ctx, missing)) ids.set(t, customerIdOf(r));
  return ids;
}

/** Reads one customer by id; an unreadable one is a failed precondition. */
export async function readCustomerForCheck(ctx: CheckContext, customerId: string, when: string): Promise<Record<string, unknown>> {
  const res = await getCustomer(ctx, customerId);
  if (!isSuccess(res)) ctx.inconclusive(`precondition: GET /customers/${customerId} ${when} failed (${describeResponse(res)})`);
  const record = customerIn(res.json, customerId);
  if (!record) ctx.inconclusive(`precondition: GET /customers/${customerId} ${when} did not hold that customer`);
  return record!;
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
