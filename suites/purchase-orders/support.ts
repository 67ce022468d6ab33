import type { PoIntegrationSource } from '../../contract/schemas.js';
import type { ApiClient, ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { ContractViolation, describeResponse, endsList, fieldValue, firstRecordArray, isRecord, isSuccess, reportedTotal } from '../../harness/checks/index.js';

/** Helpers shared by the purchase-order checks (§2.6, §2.7, §4.6). companyId is documented (§4.6 get). */

export function listPurchaseOrders(ctx: CheckContext, query: Query = {}, client: ApiClient = ctx.api): Promise<ApiResponse> {
  return client.get('/purchaseOrders', { companyId: ctx.companyId, ...query });
}

export function getPurchaseOrder(ctx: CheckContext, id: string, client: ApiClient = ctx.api): Promise<ApiResponse> {
  return client.get(`/purchaseOrders/${encodeURIComponent(id)}`, { companyId: ctx.companyId });
}

/** The orders of a list page: `data` of the §2.7 envelope, located when the envelope is off (its own check). */
export function orderRecords(res: ApiResponse): Record<string, unknown>[] {
  const body = res.json;
  if (isRecord(body) && Array.isArray(body.data)) return body.data.filter(isRecord);
  return firstRecordArray(body) ?? [];
}

/** The order of a get answer: `data` of the §2.7 envelope, else the body itself. */
export function orderOf(res: ApiResponse): Record<string, unknown> | undefined {
  const body = res.json;
  if (isRecord(body) && isRecord(body.data)) return body.data;
  return isRecord(body) ? body : undefined;
}

export const orderIdOf = (r: Record<string, unknown>): string | undefined => {
  const v = r.id ?? fieldValue(r, ['id', 'purchaseOrderId']);
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
};

/**
 * The total a list reports, looked up only in its pagination object: orders have fields of their own
 * (amounts, counts) that a deep search would mistake for it.
 */
export function listTotal(res: ApiResponse): number | undefined {
  const body = res.json;
  return isRecord(body) && isRecord(body.pagination) ? reportedTotal(body.pagination) : undefined;
}

// ── The source matrix of §4.6 ─────────────────────────────────────────────────────────────

export interface Slice {
  name: string;
  query: Query;
  /** Why a record does not belong to this slice, judged on source and integrationSource. */
  foreign(r: Record<string, unknown>): string | undefined;
}

const show = (r: Record<string, unknown>) => `${orderIdOf(r) ?? '(no id)'} (source ${JSON.stringify(r.source)}, integrationSource ${JSON.stringify(r.integrationSource)})`;
const ordersChannels: readonly PoIntegrationSource[] = ['ManualOrder', 'PartsCatalog', 'TireCatalog'];

/** One row per backend slice; the integrationSource is judged only where the table names the channel. */
export const slices = {
  inventory: {
    name: 'source=inventory',
    query: { source: 'inventory' },
    foreign: (r) => (r.source === 'inventory' ? undefined : show(r)),
  },
  onlineCatalog: {
    name: 'source=online&isPartsCatalog=true',
    query: { source: 'online', isPartsCatalog: true },
    foreign: (r) => (r.source === 'online' && r.integrationSource === 'PartsCatalog' ? undefined : show(r)),
  },
  onlineOther: {
    name: 'source=online&isPartsCatalog=false',
    query: { source: 'online', isPartsCatalog: false },
    foreign: (r) => (r.source === 'online' && r.integrationSource !== 'PartsCatalog' ? undefined : show(r)),
  },
  orders: {
    name: 'source=orders',
    query: { source: 'orders' },
    foreign: (r) => (r.source === 'orders' && ordersChannels.includes(r.integrationSource as PoIntegrationSource) ? undefined : show(r)),
  },
} as const satisfies Record<string, Slice>;

export type SliceName = keyof typeof slices;
export const sliceNames = Object.keys(slices) as SliceName[];

export type Collected = { ok: true; records: Record<string, unknown>[]; complete: boolean; total?: number } | { ok: false; res: ApiResponse };

/**
 * Pages of a list query until the reported total is reached or the list ends (endsList: the maximum
 * page size is not shown, §8, so a server may serve fewer per page than asked), at most `maxPages`.
 */
export async function collectOrders(ctx: CheckContext, query: Query, maxPages = 5, size = 100): Promise<Collected> {
  const records: Record<string, unknown>[] = [];
  let total: number | undefined;
  let firstPageCount = size;
  for (let page = 1; page <= maxPages; page++) {
    const res = await listPurchaseOrders(ctx, { ...query, size, page });
    if (!isSuccess(res)) return { ok: false, res };
    const batch = orderRecords(res);
    total ??= listTotal(res);
    records.push(...batch);
    if (page === 1) firstPageCount = batch.length;
    if (endsList(page, batch.length, firstPageCount) || (total !== undefined && records.length >= total)) return { ok: true, records, complete: true, total };
  }
  return { ok: true, records, complete: false, total };
}

/**
 * A slice must list only its own backend. Refused: a violation of this clause (documented
 * parameters). Empty: a skip with a reason, never a pass.
 */
export async function expectOnlyOwnBackend(ctx: CheckContext, name: SliceName): Promise<void> {
  const slice: Slice = slices[name];
  const got = await collectOrders(ctx, slice.query, 3);
  if (!got.ok) throw new ContractViolation(`${slice.name} was refused: ${describeResponse(got.res)}`);
  if (got.records.length === 0) ctx.skip(`the company has no purchase orders for ${slice.name}: the slice cannot be shown to hold`);
  ctx.observe('integrationSource values', [...new Set(got.records.map((r) => String(r.integrationSource)))]);
  const foreign = got.records.map((r) => slice.foreign(r)).filter((x): x is string => x !== undefined);
  if (foreign.length) throw new ContractViolation(`${slice.name} listed ${foreign.length} of ${got.records.length} orders of another backend:\n  - ${foreign.slice(0, 10).join('\n  - ')}`);
}

// ── §7 400 rules ──────────────────────────────────────────────────────────────────────────

/** The error text of a refusal: `error` of the §2.7 envelope, else the usual names. */
export function errorText(res: ApiResponse): string {
  const body = res.json;
  const v = isRecord(body) && body.error != null ? body.error : fieldValue(body, ['message', 'error', 'errorMessage', 'detail']);
  return typeof v === 'string' ? v : v === undefined ? res.text.slice(0, 200) : JSON.stringify(v).slice(0, 200);
}

/** The §7 400 rules, each with the valid request it departs from (its control). */
export const badRequests = {
  onlineWithoutFlag: { rule: '§7 row 4', query: { source: 'online' }, control: { source: 'online', isPartsCatalog: true } },
  flagWithInventory: { rule: '§7 row 5', query: { source: 'inventory', isPartsCatalog: true }, control: { source: 'inventory' } },
  flagWithOrders: { rule: '§7 row 5', query: { source: 'orders', isPartsCatalog: false }, control: { source: 'orders' } },
  flagWithAll: { rule: '§7 row 5', query: { source: 'all', isPartsCatalog: true }, control: { source: 'all' } },
  repairOrderWithInventory: { rule: '§7 row 6', query: { source: 'inventory', repairOrderId: 'ro-conformance-probe' }, control: { source: 'inventory' } },
  itemTypeWithOrders: { rule: '§7 row 7', query: { source: 'orders', itemType: 'part' }, control: { source: 'orders' } },
  itemTypeWithOnlineOther: { rule: '§7 row 7', query: { source: 'online', isPartsCatalog: false, itemType: 'part' }, control: { source: 'online', isPartsCatalog: false } },
  unknownLocation: { rule: '§7 row 8', query: { source: 'inventory', locationId: 'loc-conformance-unknown' }, control: { source: 'inventory' } },
} as const satisfies Record<string, { rule: string; query: Query; control: Query }>;

export type BadRequestName = keyof typeof badRequests;

/** The query of a bad request, with the location parameter named by the profile. */
export function badQuery(ctx: CheckContext, name: BadRequestName): Query {
  const { locationId, ...rest } = badRequests[name].query as Query & { locationId?: string };
  return locationId === undefined ? rest : { ...rest, [ctx.profile.purchaseOrders.locationParam]: `${locationId}-${ctx.marker}` };
}

/**
 * Sends the rule's request and its control together. A refused control makes the check
 * inconclusive (the 400 would prove nothing); otherwise the rule's answer must be 400.
 */
export async function expectBadRequest(ctx: CheckContext, names: readonly BadRequestName[]): Promise<void> {
  const answers = await Promise.all(names.map((n) => Promise.all([listPurchaseOrders(ctx, { ...badRequests[n].control, size: 1, page: 1 }), listPurchaseOrders(ctx, { ...badQuery(ctx, n), size: 1, page: 1 })])));
  const problems: string[] = [];
  answers.forEach(([control, res], i) => {
    const name = names[i]!;
    const q = Object.entries(badQuery(ctx, name)).map(([k, v]) => `${k}=${String(v)}`).join('&');
    if (!isSuccess(control)) ctx.inconclusive(`precondition: the valid request ${JSON.stringify(badRequests[name].control)} was refused (${describeResponse(control)})`);
    ctx.observe(`${q}: answer`, `HTTP ${res.status} ${errorText(res)}`);
    if (res.status !== 400) problems.push(`${q}: expected HTTP 400, got ${describeResponse(res)}`);
  });
  if (problems.length) throw new ContractViolation(`a ${badRequests[names[0]!].rule} request was not refused with 400:\n  - ${problems.join('\n  - ')}`);
}

// ── Line items (§2.6) ─────────────────────────────────────────────────────────────────────

export interface Line {
  orderId: string;
  line: unknown;
}

/**
 * Line items of a few orders: from the list when it carries orderItems, else from get by id
 * (whether the list carries them is not shown). Empty when the company has no order with lines.
 */
export async function sampleLines(ctx: CheckContext): Promise<Line[]> {
  const list = await listPurchaseOrders(ctx, { size: 50, page: 1 });
  if (!isSuccess(list)) ctx.inconclusive(`precondition: GET /purchaseOrders was refused (${describeResponse(list)})`);
  const linesOf = (orders: Record<string, unknown>[]) =>
    orders.flatMap((o) => (Array.isArray(o.orderItems) ? o.orderItems.map((line) => ({ orderId: orderIdOf(o) ?? '(no id)', line })) : []));
  const fromList = linesOf(orderRecords(list));
  if (fromList.length) return fromList;
  const ids = orderRecords(list).map(orderIdOf).filter((x): x is string => x !== undefined).slice(0, 5);
  const got = await Promise.all(ids.map((id) => getPurchaseOrder(ctx, id)));
  return linesOf(got.filter(isSuccess).map(orderOf).filter((o): o is Record<string, unknown> => o !== undefined));
}

/** The first order id of a list query: skip when the list is empty, inconclusive when refused. */
export async function firstOrderId(ctx: CheckContext, query: Query, what: string): Promise<string> {
  const res = await listPurchaseOrders(ctx, { ...query, size: 1, page: 1 });
  if (!isSuccess(res)) ctx.inconclusive(`precondition: ${what} was refused (${describeResponse(res)})`);
  const records = orderRecords(res);
  if (records.length === 0) ctx.skip(`the company has no purchase orders for ${what}`);
  const id = records.map(orderIdOf).find(Boolean);
  if (!id) ctx.inconclusive(`precondition: the orders of ${what} carry no id`);
  return id!;
}
