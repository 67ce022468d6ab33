import { item, partDetails, tireDetails, type ItemCreateInput } from '../../contract/schemas.js';
import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { getItem, listItems as listItemsOf } from '../../harness/locate/requests.js';
import { itemShape } from '../../harness/locate/shapes.js';
import type { ResourceAdapter } from '../common/adapter.js';
import { scopeOf } from '../common/own-records.js';

/** The §2.2 fields of an item read by id, its details' fields by their dotted path (PartDetails, TireDetails). */
export const itemFields: readonly string[] = [
  ...Object.keys(item.shape).filter((k) => k !== 'details'),
  ...[...new Set([...Object.keys(partDetails.shape), ...Object.keys(tireDetails.shape)])].map((k) => `details.${k}`),
];

/**
 * Items (§2.2, §4.2). Documented names only: companyId, items, itemId, type, itemNumber. Shapes and
 * requests live in harness/locate; the item of a get answer is found tolerantly there, since the
 * bare-object rule has its own check (ITEM-GET-BARE).
 */
export const items = {
  name: 'items',
  path: '/items',
  idKey: 'itemId',
  documentedList: true,
  list: (ctx, query = {}, companyId = ctx.companyId) => listItemsOf(ctx.api, scopeOf(ctx, companyId), query),
  records: (res) => itemShape.records(res.json),
  total: (res) => itemShape.total(res.json),
  idOf: itemShape.idOf,
  get: (ctx, id, companyId = ctx.companyId) => getItem(ctx.api, scopeOf(ctx, companyId), id),
  recordIn: (res, id) => itemShape.recordIn(res.json, id),
  frame: { layout: 'named', documented: itemFields, archiveMoves: (path) => path === 'status' },
} as const satisfies ResourceAdapter;

export function postItems(
  ctx: CheckContext,
  inputs: readonly ItemCreateInput[],
  headers?: Record<string, string>,
): Promise<ApiResponse> {
  return ctx.api.request({
    method: 'POST',
    path: '/items',
    body: { companyId: ctx.companyId, items: inputs },
    headers,
  });
}

/** §4.2 PATCH: archive (status Inactive) by a list of itemIds. */
export function archiveItems(ctx: CheckContext, itemIds: readonly string[]): Promise<ApiResponse> {
  return ctx.api.patch('/items', { companyId: ctx.companyId, items: itemIds.map((itemId) => ({ itemId })) });
}

export const listItems = (ctx: CheckContext, query: Query = {}, companyId?: string) =>
  items.list(ctx, query, companyId);
