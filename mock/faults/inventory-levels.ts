import { replaceRoute, wrapRoute } from '../overlay.js';
import { inventoryHandlers } from '../resources/inventory-levels.js';
import { editReply } from './edit.js';
import type { FaultDef } from './fault.js';

/** The §4.4 endpoints with the stock-item predicate dropped from the levels query: every part has levels. */
const everyPart = inventoryHandlers((item) => item.itemType === 'part');

/** Inventory-level faults (§4.4). */
export const inventoryLevelFaults = {
  'inventory-lists-non-stocked-items': {
    clause: 'INVENTORY-STOCKED-ONLY',
    description: 'Inventory levels are derived for every part item, not only stocked ones.',
    overlay: [
      replaceRoute('GET', '/inventoryLevels', everyPart.list),
      replaceRoute('GET', '/inventoryLevels/:itemId', everyPart.getByItem),
      replaceRoute('PUT', '/inventoryLevels', everyPart.update),
    ],
  },
  'inventory-update-not-saved': {
    clause: 'INVENTORY-UPDATE-VISIBLE',
    description: 'PUT /inventoryLevels echoes the new levels but never commits them.',
    // The write happens, then is rolled back: the reply still echoes the new values.
    overlay: wrapRoute('PUT', '/inventoryLevels', (next) => async (ctx) => {
      const saved = [...ctx.store.companies.values()].map((c) => [c.inventoryLevels, new Map(c.inventoryLevels)] as const);
      try {
        return await next(ctx);
      } finally {
        for (const [levels, before] of saved) {
          levels.clear();
          for (const [k, v] of before) levels.set(k, v);
        }
      }
    }),
  },
  'inventory-item-main-location-only': {
    clause: 'INVENTORY-ITEM-AGREES',
    description: "GET /inventoryLevels/{itemId} returns only the company's first location, while the list has them all.",
    overlay: editReply('GET', '/inventoryLevels/:itemId', (body) => {
      const content = body.results.content.slice(0, 1);
      return { ...body, results: { content, pagination: { page: 1, size: content.length, totalCount: content.length, totalPages: 1 } } };
    }),
  },
} as const satisfies Record<string, FaultDef>;
