import { bulkArray, companyOf, type RequestContext } from '../context.js';
import { badRequest, notFound, type Reply } from '../http.js';
import type { CompanyData, InventoryLevelRecord, ItemRecord, Location } from '../model.js';
import { pageRequest, slice } from '../query.js';
import type { Route } from '../types.js';
import { idField, listParam, quantity } from './fields.js';
import { pagination, resultsReply, writeReply } from './results-envelope.js';

/**
 * Inventory levels: §2.4, §4.4. Parameters, bodies and shapes are "not shown"; the mock's choices:
 * one record per stocked part item and company location, derived on read, so an item created
 * through POST /items with isStockItem true has levels at zero everywhere until a PUT sets them.
 */

export interface InventoryLevelView extends InventoryLevelRecord {
  itemNumber: string;
  itemName: string;
  quantityAvailable: number;
}

const key = (itemId: string, locationId: string) => `${itemId}|${locationId}`;

/** §4.4: levels exist for stocked items only, i.e. parts whose details say isStockItem. */
function isStocked(ctx: RequestContext, item: ItemRecord): boolean {
  if (item.itemType !== 'part') return false;
  // Fault: the stock-item predicate was dropped from the levels query.
  return ctx.faults.has('inventory-lists-non-stocked-items') || item.details.isStockItem === true;
}

function levelOf(company: CompanyData, item: ItemRecord, location: Location): InventoryLevelView {
  const stored = company.inventoryLevels.get(key(item.itemId, location.locationId)) ?? {
    itemId: item.itemId,
    locationId: location.locationId,
    quantityOnHand: 0,
    quantityReserved: 0,
    reorderPoint: 0,
    updatedDate: item.createdDate,
  };
  return {
    ...stored,
    itemNumber: item.itemNumber,
    itemName: item.itemName,
    quantityAvailable: Math.max(0, stored.quantityOnHand - stored.quantityReserved),
  };
}

/** locationId and locationIds (comma list or repeated) both filter; an unknown location is a 400. */
function selectedLocations(ctx: RequestContext, company: CompanyData): Location[] {
  const ids = [...listParam(ctx.query, 'locationId'), ...listParam(ctx.query, 'locationIds')];
  if (ids.length === 0) return company.locations;
  const unknown = ids.find((id) => !company.locations.some((l) => l.locationId === id));
  if (unknown) badRequest(`unknown locationId ${unknown}`);
  return company.locations.filter((l) => ids.includes(l.locationId));
}

function list(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const locations = selectedLocations(ctx, company);
  const page = pageRequest(ctx.query);
  const items = [...company.items.values()]
    .filter((i) => isStocked(ctx, i))
    .sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
  const levels = items.flatMap((item) => locations.map((l) => levelOf(company, item, l)));
  return resultsReply('Inventory levels retrieved successfully', slice(levels, page), pagination(levels.length, page));
}

function getByItem(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const item = company.items.get(ctx.params.itemId!);
  if (!item) notFound('item not found');
  if (!isStocked(ctx, item!)) notFound('item is not a stocked item: it has no inventory levels');
  let locations = selectedLocations(ctx, company);
  // Fault: the by-item query joins the main location only.
  if (ctx.faults.has('inventory-item-main-location-only')) locations = locations.slice(0, 1);
  const levels = locations.map((l) => levelOf(company, item!, l));
  return resultsReply('Inventory levels retrieved successfully', levels, { page: 1, size: levels.length, totalCount: levels.length, totalPages: 1 });
}

/** PUT { companyId, inventoryLevels: [{ itemId, locationId, quantityOnHand, reorderPoint? }] }; all or nothing. */
function update(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const now = ctx.store.now();
  const changes = bulkArray(ctx, 'inventoryLevels').map((raw, i): InventoryLevelRecord => {
    const at = `inventoryLevels[${i}]`;
    const item = company.items.get(idField(raw, 'itemId', at));
    if (!item) notFound(`${at}: item ${String(raw.itemId)} not found`);
    if (!isStocked(ctx, item!)) badRequest(`${at}: item ${item!.itemId} is not a stocked item`);
    const locationId = idField(raw, 'locationId', at);
    const location = company.locations.find((l) => l.locationId === locationId);
    if (!location) badRequest(`${at}: unknown locationId ${locationId}`);
    const current = levelOf(company, item!, location!);
    return {
      itemId: item!.itemId,
      locationId,
      quantityOnHand: quantity()(raw.quantityOnHand, `${at}.quantityOnHand`),
      quantityReserved: current.quantityReserved,
      reorderPoint: raw.reorderPoint === undefined ? current.reorderPoint : quantity()(raw.reorderPoint, `${at}.reorderPoint`),
      updatedDate: now,
    };
  });
  // Fault: the write is never committed; the reply still echoes the new values.
  if (!ctx.faults.has('inventory-update-not-saved')) for (const c of changes) company.inventoryLevels.set(key(c.itemId, c.locationId), c);
  const echoed = changes.map((c) => ({ ...c, quantityAvailable: Math.max(0, c.quantityOnHand - c.quantityReserved) }));
  return writeReply(`${changes.length} inventory level(s) updated`, { inventoryLevels: echoed });
}

export const inventoryLevelRoutes: Route[] = [
  { method: 'GET', path: '/inventoryLevels', handler: list },
  { method: 'PUT', path: '/inventoryLevels', handler: update },
  { method: 'GET', path: '/inventoryLevels/:itemId', handler: getByItem },
];
