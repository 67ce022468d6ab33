import { bulkArray, companyOf } from '../context.js';
import { badRequest, notFound } from '../http.js';
import type { CompanyData, InventoryLevelRecord, ItemRecord, Location } from '../model.js';
import { pageRequest, slice } from '../query.js';
import type { Handler, RequestContext, Route } from '../types.js';
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
export const isStockedItem = (item: ItemRecord): boolean =>
  item.itemType === 'part' && item.details.isStockItem === true;

export function levelOf(company: CompanyData, item: ItemRecord, location: Location): InventoryLevelView {
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
export function selectedLocations(ctx: RequestContext, company: CompanyData): Location[] {
  const ids = [...listParam(ctx.query, 'locationId'), ...listParam(ctx.query, 'locationIds')];
  if (ids.length === 0) return company.locations;
  const unknown = ids.find((id) => !company.locations.some((l) => l.locationId === id));
  if (unknown) badRequest(`unknown locationId ${unknown}`);
  return company.locations.filter((l) => ids.includes(l.locationId));
}

export interface InventoryHandlers {
  list: Handler;
  getByItem: Handler;
  update: Handler;
}

/** The three endpoints of §4.4 over the items `stocked` says have levels. */
export function inventoryHandlers(stocked: (item: ItemRecord) => boolean): InventoryHandlers {
  return {
    list(ctx) {
      const company = companyOf(ctx);
      const locations = selectedLocations(ctx, company);
      const page = pageRequest(ctx.query);
      const items = [...company.items.values()]
        .filter(stocked)
        .sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
      const levels = items.flatMap((item) => locations.map((l) => levelOf(company, item, l)));
      return resultsReply(
        'Inventory levels retrieved successfully',
        slice(levels, page),
        pagination(levels.length, page),
      );
    },

    getByItem(ctx) {
      const company = companyOf(ctx);
      const item = company.items.get(ctx.params.itemId!);
      if (!item) notFound('item not found');
      if (!stocked(item!)) notFound('item is not a stocked item: it has no inventory levels');
      const levels = selectedLocations(ctx, company).map((l) => levelOf(company, item!, l));
      return resultsReply('Inventory levels retrieved successfully', levels, {
        page: 1,
        size: levels.length,
        totalCount: levels.length,
        totalPages: 1,
      });
    },

    /** PUT { companyId, inventoryLevels: [{ itemId, locationId, quantityOnHand, reorderPoint? }] }; all or nothing. */
    update(ctx) {
      const company = companyOf(ctx);
      const now = ctx.store.now();
      const changes = bulkArray(ctx, 'inventoryLevels').map((raw, i): InventoryLevelRecord => {
        const at = `inventoryLevels[${i}]`;
        const item = company.items.get(idField(raw, 'itemId', at));
        if (!item) notFound(`${at}: item ${String(raw.itemId)} not found`);
        if (!stocked(item!)) badRequest(`${at}: item ${item!.itemId} is not a stocked item`);
        const locationId = idField(raw, 'locationId', at);
        const location = company.locations.find((l) => l.locationId === locationId);
        if (!location) badRequest(`${at}: unknown locationId ${locationId}`);
        const current = levelOf(company, item!, location!);
        return {
          itemId: item!.itemId,
          locationId,
          quantityOnHand: quantity()(raw.quantityOnHand, `${at}.quantityOnHand`),
          quantityReserved: current.quantityReserved,
          reorderPoint:
            raw.reorderPoint === undefined ? current.reorderPoint : quantity()(raw.reorderPoint, `${at}.reorderPoint`),
          updatedDate: now,
        };
      });
      for (const c of changes) company.inventoryLevels.set(key(c.itemId, c.locationId), c);
      const echoed = changes.map((c) => ({
        ...c,
        quantityAvailable: Math.max(0, c.quantityOnHand - c.quantityReserved),
      }));
      return writeReply(`${changes.length} inventory level(s) updated`, { inventoryLevels: echoed });
    },
  };
}

const reference = inventoryHandlers(isStockedItem);

export const inventoryLevelRoutes: Route[] = [
  { method: 'GET', path: '/inventoryLevels', handler: reference.list },
  { method: 'PUT', path: '/inventoryLevels', handler: reference.update },
  { method: 'GET', path: '/inventoryLevels/:itemId', handler: reference.getByItem },
];
