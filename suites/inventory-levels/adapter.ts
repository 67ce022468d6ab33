import { withoutEchoes } from '../../harness/locate/shapes.js';
import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { isClientError, isRecord, objectsWithKey, reportedTotal } from '../../harness/checks/index.js';
import type { ResourceAdapter } from '../common/adapter.js';

/**
 * Helpers shared by the inventory-level checks (§4.4). Parameters, bodies and records are not
 * shown: names come from ctx.profile, and levels are located tolerantly.
 */

const company = (ctx: CheckContext) => ({ [ctx.profile.companyParam]: ctx.companyId });

/**
 * GET /inventoryLevels "across one or more locations": asked without a location first (all
 * locations); only when that is refused, again with the known location under the profile's name.
 */
export async function listLevels(
  ctx: CheckContext,
  query: Query = {},
  companyId = ctx.companyId,
): Promise<ApiResponse> {
  const where = { [ctx.profile.companyParam]: companyId };
  const res = await ctx.api.get('/inventoryLevels', { ...where, ...query });
  if (!isClientError(res) || !ctx.target.locationId) return res;
  ctx.observe(
    'GET /inventoryLevels without a location',
    `refused (${res.status}); retried with ${ctx.profile.inventoryLevels.listLocationParam}`,
  );
  return ctx.api.get('/inventoryLevels', {
    ...where,
    [ctx.profile.inventoryLevels.listLocationParam]: ctx.target.locationId,
    ...query,
  });
}

export function getItemLevels(ctx: CheckContext, itemId: string, companyId = ctx.companyId): Promise<ApiResponse> {
  return ctx.api.get(`/inventoryLevels/${encodeURIComponent(itemId)}`, { [ctx.profile.companyParam]: companyId });
}

export function putLevels(ctx: CheckContext, entries: Record<string, unknown>[]): Promise<ApiResponse> {
  return ctx.api.put('/inventoryLevels', { ...company(ctx), [ctx.profile.inventoryLevels.arrayField]: entries });
}

/** One located level: a quantity, with the item and location it sits under when those show. */
export interface Level {
  itemId?: string;
  locationId?: string;
  quantity: number;
}

const quantityNames = (ctx: CheckContext) => [
  ...new Set([ctx.profile.inventoryLevels.quantityField, 'quantityOnHand', 'onHand', 'quantity']),
];

/**
 * Every numeric quantity in a body, each with the nearest itemId and locationId around it, so flat
 * records ({ itemId, locationId, quantity }) and nested ones ({ itemId, levels: [{ locationId, … }] })
 * are read alike.
 */
export function levelsIn(ctx: CheckContext, body: unknown): Level[] {
  const names = quantityNames(ctx);
  const out: Level[] = [];
  const walk = (v: unknown, itemId: string | undefined, locationId: string | undefined, depth: number): void => {
    if (depth > 10) return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, itemId, locationId, depth + 1));
    if (!isRecord(v)) return;
    const here = {
      itemId: v.itemId === undefined ? itemId : String(v.itemId),
      locationId: v.locationId === undefined ? locationId : String(v.locationId),
    };
    const name = names.find((n) => typeof v[n] === 'number');
    if (name) out.push({ ...here, quantity: v[name] as number });
    for (const x of Object.values(v))
      if (typeof x === 'object' && x !== null) walk(x, here.itemId, here.locationId, depth + 1);
  };
  walk(body, undefined, undefined, 0);
  return out;
}

/**
 * The quantities a read shows for one item at one location: those under that location, else
 * those showing no location at all; undefined when the read shows no quantity for the item.
 */
export function quantitiesAt(
  ctx: CheckContext,
  body: unknown,
  itemId: string,
  locationId: string,
): number[] | undefined {
  const levels = levelsIn(ctx, body).filter((l) => l.itemId === undefined || l.itemId === itemId);
  if (levels.length === 0) return undefined;
  const atLocation = levels.filter((l) => l.locationId === locationId);
  return (atLocation.length ? atLocation : levels.filter((l) => l.locationId === undefined)).map((l) => l.quantity);
}

/** Why a read with no quantity under the names tried proves nothing (§2.4 shows no field). */
export const noQuantity = (ctx: CheckContext, itemId: string) =>
  `GET /inventoryLevels/${itemId} shows no quantity under the names tried (${ctx.profile.inventoryLevels.quantityField}, quantityOnHand, onHand, quantity); set inventoryLevels.quantityField in CONFORMANCE_PROFILE`;

/** Item ids that have levels, spread evenly over the list (a bounded sample). */
export function sampleItemIds(levels: Level[], count: number): string[] {
  const ids = [...new Set(levels.map((l) => l.itemId).filter((id): id is string => !!id))];
  if (ids.length <= count) return ids;
  return Array.from({ length: count }, (_, i) => ids[Math.floor((i * ids.length) / count)]!);
}

/**
 * Inventory levels (§2.4, §4.4): only itemId is a documented name; the list's parameters and the
 * record shape come from the profile or are located tolerantly, so a refused list is inconclusive.
 */
export const inventoryLevels = {
  name: 'inventoryLevels',
  path: '/inventoryLevels',
  idKey: 'itemId',
  documentedList: false,
  list: (ctx, query = {}, companyId = ctx.companyId) => listLevels(ctx, query, companyId),
  records: (res) => objectsWithKey(withoutEchoes(res.json), 'itemId'),
  total: (res) =>
    isRecord(res.json)
      ? reportedTotal(Object.fromEntries(Object.entries(res.json).filter(([, v]) => !Array.isArray(v))))
      : undefined,
  idOf: (r) => (r.itemId === undefined || r.itemId === null ? undefined : String(r.itemId)),
  get: (ctx, id, companyId = ctx.companyId) => getItemLevels(ctx, id, companyId),
  recordIn: (res, id) => objectsWithKey(withoutEchoes(res.json), 'itemId').find((r) => String(r.itemId) === id),
  // Judged as an item's quantities by location (levelsByLocation): keys are location ids, never bookkeeping.
  frame: { layout: 'named', documented: ['itemId'], archiveMoves: () => false, serverManaged: () => false },
} as const satisfies ResourceAdapter;
