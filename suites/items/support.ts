import type { ItemCreateInput } from '../../contract/schemas.js';
import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { describeResponse, fieldValue, firstRecordArray, idsIn, isRecord, isSuccess, objectsWithKey } from '../../harness/checks/index.js';

/** Helpers shared by the items checks (§4.2). Documented names only: companyId, items, itemNumber. */

export function postItems(ctx: CheckContext, items: ItemCreateInput[]): Promise<ApiResponse> {
  return ctx.api.post('/items', { companyId: ctx.companyId, items });
}

export function listItems(ctx: CheckContext, query: Record<string, string | number | undefined> = {}): Promise<ApiResponse> {
  return ctx.api.get('/items', { companyId: ctx.companyId, ...query });
}

export function getItem(ctx: CheckContext, itemId: string): Promise<ApiResponse> {
  return ctx.api.get(`/items/${encodeURIComponent(itemId)}`, { companyId: ctx.companyId });
}

export function archiveItems(ctx: CheckContext, itemIds: string[]): Promise<ApiResponse> {
  return ctx.api.patch('/items', { companyId: ctx.companyId, items: itemIds.map((itemId) => ({ itemId })) });
}

/** The records of a list response (the page object's content, located tolerantly for robustness). */
export function pageRecords(res: ApiResponse): Record<string, unknown>[] {
  const body = res.json;
  if (isRecord(body) && Array.isArray(body.content)) return body.content.filter(isRecord);
  return firstRecordArray(body) ?? [];
}

/**
 * The item in a get-by-id body, found tolerantly: the bare-object rule has its own check
 * (ITEM-GET-BARE), so other checks must not fail again when the item comes wrapped.
 */
export function itemIn(body: unknown): Record<string, unknown> | undefined {
  if (isRecord(body) && 'itemId' in body) return body;
  return objectsWithKey(body, 'itemId')[0];
}

export const itemIdOf = (r: Record<string, unknown>) => String(fieldValue(r, ['itemId']) ?? fieldValue(r, ['id']) ?? '');

/** Finds a record by its unique itemNumber through the documented itemNumber filter. */
export async function findByItemNumber(ctx: CheckContext, itemNumber: string): Promise<Record<string, unknown> | undefined> {
  const res = await listItems(ctx, { itemNumber, size: 10, page: 1 });
  if (!isSuccess(res)) return undefined;
  return pageRecords(res).find((r) => r.itemNumber === itemNumber);
}

/**
 * Creates one item as a precondition of another clause and returns its id. A refusal makes the
 * check inconclusive: the create rules have checks of their own, and this keeps a diagnosis precise.
 */
export async function createItemForCheck(ctx: CheckContext, input: ItemCreateInput): Promise<string> {
  const res = await postItems(ctx, [input]);
  if (!isSuccess(res)) ctx.inconclusive(`precondition: creating a ${input.itemType} failed (${describeResponse(res)})`);
  const fromResponse = idsIn(res.json, 'itemId');
  let itemId = fromResponse.length === 1 ? fromResponse[0] : undefined;
  if (!itemId) {
    const found = await findByItemNumber(ctx, input.itemNumber);
    itemId = found ? itemIdOf(found) : undefined;
  }
  if (!itemId) ctx.inconclusive('precondition: the created item could not be located by its itemNumber');
  ctx.ledger.created('item', itemId!);
  return itemId!;
}
