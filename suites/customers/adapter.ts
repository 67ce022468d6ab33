import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { containsText, fieldValue, isSuccess, type WalkedPage } from '../../harness/checks/index.js';
import type { RecordLocator } from '../../harness/core/events.js';
import type { LocateResult, Waiter } from '../../harness/locate/locator.js';
import { getCustomer as getCustomerOf, listCustomers as listCustomersOf } from '../../harness/locate/requests.js';
import { customerShape } from '../../harness/locate/shapes.js';
import { walkEnds } from '../../harness/locate/walk.js';
import type { CustomerInput } from '../../generators/customers.js';
import type { Rec, ResourceAdapter } from '../common/adapter.js';
import type { CustomerBody } from './body.js';
import { statusLike } from '../common/frame.js';
import { onBase } from '../common/page-base.js';
import { baseLists, customerSearchMatches, ownRecords, scopeOf } from '../common/own-records.js';

/**
 * Helpers shared by the customer checks (§4.3, beta). Only `customerId` is documented (§2.3):
 * every body and parameter name comes from ctx.profile, and records are located tolerantly.
 */

const company = (ctx: CheckContext, companyId = ctx.companyId) => ({ [ctx.profile.companyParam]: companyId });

/** Sends customers already in `body`'s shape (the negotiation's own sends). */
export function sendCustomers(ctx: CheckContext, body: CustomerBody, entries: Rec[]): Promise<ApiResponse> {
  return ctx.api.post('/customers', { ...company(ctx), [body.arrayField]: entries });
}

export const getCustomer = (ctx: CheckContext, customerId: string, companyId = ctx.companyId): Promise<ApiResponse> =>
  getCustomerOf(ctx.api, scopeOf(ctx, companyId), customerId);

/**
 * GET /customers; §4.3 lists "for the specified locations", a parameter whose name is guessed.
 * The list is asked without it first; only when that is refused, again with the known location.
 * `page` counts from 1 here; the list's own base is observed (S-PAGE-base).
 */
export const listCustomers = async (
  ctx: CheckContext,
  query: Query = {},
  companyId = ctx.companyId,
): Promise<ApiResponse> =>
  listCustomersOf(ctx.api, scopeOf(ctx, companyId), await onBase(ctx, 'customers', query, rawCustomers, customerShape));

const { raw: rawCustomers } = baseLists['/customers'];

/** The customer records of a list body, located tolerantly (the envelope is not shown). */
export const customerRecords = (body: unknown): Record<string, unknown>[] => customerShape.records(body);

export const customerIdOf = (r: Record<string, unknown>) => customerShape.idOf(r) ?? '';

/** The customer with this id in a get or list body. */
export const customerIn = (body: unknown, customerId: string): Record<string, unknown> | undefined =>
  customerShape.recordIn(body, customerId);

/** A reported total, read outside the records (a record may hold count-like fields). */
export const customerTotal = (body: unknown): number | undefined => customerShape.total(body);

export function walkedCustomerPage(res: ApiResponse, page: number): WalkedPage {
  const records = customerRecords(res.json);
  return { page, ids: records.map(customerIdOf), total: customerTotal(res.json) };
}

/**
 * Finds records by their unique terms: first through the guessed search parameter where a probe
 * showed it matches the marker field (its answer is only scanned, never judged), then by reading the list from both ends (harness/locate walkEnds: a
 * new record sits at one end in most orders), a bounded number of pages. `complete` says whether
 * the list was read to its end (by its reported total, a short or refused page past the last), so
 * an absence proves something; a list refused outright shows nothing, which is complete too.
 */
export async function findCustomersByTerm(
  ctx: CheckContext,
  terms: string[],
  companyId = ctx.companyId,
  maxPages = ctx.frugal ? 5 : 20,
  /** A word every term starts with: one search for it may find them all at once. */
  common?: string,
): Promise<Map<string, Record<string, unknown>> & { complete?: boolean; responses?: ApiResponse[] }> {
  const found: Map<string, Record<string, unknown>> & { complete?: boolean; responses?: ApiResponse[] } = new Map();
  found.responses = [];
  const scan = (records: readonly Record<string, unknown>[]) => {
    for (const r of records) for (const t of terms) if (!found.has(t) && containsText(r, t, true)) found.set(t, r);
  };
  const search = (t: string) =>
    listCustomers(ctx, { [ctx.profile.customers.searchParam]: t, size: 20, page: 1 }, companyId);
  // The guessed search is asked only once a probe showed it matches the marker field (S-4.3-list-params).
  const searchable = await customerSearchMatches(ctx)();
  for (const res of await Promise.all(searchable ? (common ? [common] : terms).map(search) : [])) {
    found.responses.push(res);
    if (isSuccess(res)) scan(customerRecords(res.json));
  }
  if (found.size === terms.length) return Object.assign(found, { complete: true });
  const walk = await walkEnds(
    (q) => listCustomers(ctx, q, companyId),
    customers,
    {},
    {
      maxPages,
      enough: (records) => terms.every((t) => found.has(t) || records.some((r) => containsText(r, t, true))),
    },
  );
  found.responses.push(...walk.responses);
  scan(walk.records);
  found.complete = found.size === terms.length || !walk.ok || walk.complete;
  return found;
}

/** What finds a customer the run created: its unique word, carried in the profile's marker field. */
export const customerLocator = (term: string): RecordLocator => ({ keys: { term } });

/**
 * Creates customers' locators from their unique terms and locates them after a create the server
 * accepted (harness/locate: the ids of the answer, each read by id and told apart by its word; else
 * the guessed search and a bounded walk, each find proven by a read by id). Every one is ledgered.
 */
export function locateCreated(
  ctx: CheckContext,
  res: ApiResponse,
  terms: string[],
  since: number,
  o: { common?: string; wait?: Waiter } = {},
): Promise<LocateResult> {
  return ownRecords(ctx, 'customer', terms.map(customerLocator), {
    answer: res,
    since,
    what: `POST /customers (${terms.length} customer${terms.length > 1 ? 's' : ''})`,
    searchHint: o.common,
    wait: o.wait,
  });
}

/** Whether a record reads as inactive (harness/locate/shapes.ts: a status-like field located tolerantly). */
export { inactiveState } from '../../harness/locate/shapes.js';

/**
 * Reads one customer: by id first; when that read fails, from the list by its unique term, so a
 * broken get-by-id (its own clause) does not decide other customer clauses.
 */
export async function readCustomerTolerantly(
  ctx: CheckContext,
  customerId: string,
  term: string,
): Promise<{ record: Record<string, unknown>; res: ApiResponse } | undefined> {
  const res = await getCustomer(ctx, customerId);
  const byId = isSuccess(res) ? customerIn(res.json, customerId) : undefined;
  if (byId) return { record: byId, res };
  return listedCustomer(ctx, customerId, term);
}

/** A customer as listed, found by its unique word, with the page that shows it (a failure's exchange). */
export async function listedCustomer(
  ctx: CheckContext,
  customerId: string,
  term: string,
): Promise<{ record: Record<string, unknown>; res: ApiResponse } | undefined> {
  const found = await findCustomersByTerm(ctx, [term]);
  const listed = found.get(term);
  if (!listed || customerIdOf(listed) !== customerId) return undefined;
  const res = found.responses?.find(
    (r) => isSuccess(r) && customerRecords(r.json).some((x) => customerIdOf(x) === customerId),
  );
  return res && { record: listed, res };
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
  // §2.3 shows only customerId: values are looked for wherever the record shows them.
  frame: { layout: 'loose', documented: ['customerId'], archiveMoves: statusLike },
} as const satisfies ResourceAdapter;
