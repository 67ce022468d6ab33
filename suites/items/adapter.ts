import type { ItemCreateInput } from '../../contract/schemas.js';
import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { fieldValue, firstRecordArray, isRecord, objectsWithKey, reportedTotal } from '../../harness/checks/index.js';
import type { Rec, ResourceAdapter } from '../common/adapter.js';

/** Items (§2.2, §4.2). Documented names only: companyId, items, itemId, type, itemNumber. */

/** The records of a list answer: the page object's content (§2.7), located tolerantly when off. */
function records(res: ApiResponse): Rec[] {
  const body = res.json;
  if (isRecord(body) && Array.isArray(body.content)) return body.content.filter(isRecord);
  return firstRecordArray(body) ?? [];
}

const idOf = (r: Rec) => {
  const v = fieldValue(r, ['itemId']) ?? fieldValue(r, ['id']);
  return v === undefined || v === null ? undefined : String(v);
};

/**
 * The item of a get answer, found tolerantly: the bare-object rule has its own check
 * (ITEM-GET-BARE), so other checks must not fail again when it comes wrapped.
 */
function recordIn(res: ApiResponse, id: string): Rec | undefined {
  const body = res.json;
  if (isRecord(body) && String(body.itemId) === id) return body;
  return objectsWithKey(body, 'itemId').find((r) => String(r.itemId) === id);
}

export const items = {
  name: 'items',
  path: '/items',
  idKey: 'itemId',
  documentedList: true,
  list: (ctx, query = {}, companyId = ctx.companyId) => ctx.api.get('/items', { companyId, ...query }),
  records,
  // totalCount of the page object (§2.7), else a usual name.
  total: (res) => (isRecord(res.json) && typeof res.json.totalCount === 'number' ? res.json.totalCount : reportedTotal(res.json)),
  idOf,
  get: (ctx, id, companyId = ctx.companyId) => ctx.api.get(`/items/${encodeURIComponent(id)}`, { companyId }),
  recordIn,
} as const satisfies ResourceAdapter;

export function postItems(ctx: CheckContext, inputs: readonly ItemCreateInput[], headers?: Record<string, string>): Promise<ApiResponse> {
  return ctx.api.request({ method: 'POST', path: '/items', body: { companyId: ctx.companyId, items: inputs }, headers });
}

/** §4.2 PATCH: archive (status Inactive) by a list of itemIds. */
export function archiveItems(ctx: CheckContext, itemIds: readonly string[]): Promise<ApiResponse> {
  return ctx.api.patch('/items', { companyId: ctx.companyId, items: itemIds.map((itemId) => ({ itemId })) });
}

export const listItems = (ctx: CheckContext, query: Query = {}, companyId?: string) => items.list(ctx, query, companyId);
