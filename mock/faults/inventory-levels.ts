import { companyOf } from '../context.js';
import type { InventoryLevelRecord } from '../model.js';
import { replaceRoute, wrapRoute } from '../overlay.js';
import { pageRequest, slice } from '../query.js';
import { listParam } from '../resources/fields.js';
import { isStockedItem, levelOf, selectedLocations } from '../resources/inventory-levels.js';
import { pagination, resultsReply } from '../resources/results-envelope.js';
import { editReply, isSuccess, type Json } from './edit.js';
import type { FaultDef } from './fault.js';

/** Inventory-level faults (§4.4). */
export const inventoryLevelFaults = {
  'inventory-update-not-saved': {
    clause: 'INVENTORY-UPDATE-VISIBLE',
    description: 'PUT /inventoryLevels echoes the new levels but never commits them.',
    // The write happens, then is rolled back: the reply still echoes the new values.
    overlay: wrapRoute('PUT', '/inventoryLevels', (next) => async (ctx) => {
      const saved = [...ctx.store.companies.values()].map(
        (c) => [c.inventoryLevels, new Map(c.inventoryLevels)] as const,
      );
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
  'inventory-update-first-only': {
    clause: 'INVENTORY-UPDATE-VISIBLE',
    description: 'A bulk PUT /inventoryLevels validates and echoes every entry but commits only the first one.',
    // The whole bulk is written, then every level but the first entry's is rolled back.
    overlay: wrapRoute('PUT', '/inventoryLevels', (next) => async (ctx) => {
      const saved = [...ctx.store.companies.values()].map(
        (c) => [c.inventoryLevels, new Map(c.inventoryLevels)] as const,
      );
      const reply = await next(ctx);
      if (!isSuccess(reply)) return reply;
      const first = (reply.body as Json).data.inventoryLevels[0] as InventoryLevelRecord;
      const isFirst = (l: InventoryLevelRecord) => l.itemId === first.itemId && l.locationId === first.locationId;
      for (const [levels, before] of saved) {
        for (const [k, level] of levels) {
          if (before.get(k) === level || isFirst(level)) continue;
          if (before.has(k)) levels.set(k, before.get(k)!);
          else levels.delete(k);
        }
      }
      return reply;
    }),
  },
  'inventory-item-main-location-only': {
    clause: 'INVENTORY-ITEM-AGREES',
    description:
      "GET /inventoryLevels/{itemId} returns only the company's first location, while the list has them all.",
    overlay: editReply('GET', '/inventoryLevels/:itemId', (body) => {
      const content = body.results.content.slice(0, 1);
      return {
        ...body,
        results: { content, pagination: { page: 1, size: content.length, totalCount: content.length, totalPages: 1 } },
      };
    }),
  },
  'tenant-inventory-list-all-companies': {
    clause: 'TENANT-LIST-ISOLATION',
    description:
      'GET /inventoryLevels builds its query without the company condition and lists the levels of every company.',
    // The location filter, when sent, still applies (and is still checked against the company asked for).
    overlay: replaceRoute('GET', '/inventoryLevels', (ctx) => {
      const company = companyOf(ctx);
      const narrowed = ['locationId', 'locationIds'].some((n) => listParam(ctx.query, n).length > 0);
      const chosen = selectedLocations(ctx, company);
      const page = pageRequest(ctx.query);
      const levels = [...ctx.store.companies.values()]
        .flatMap((c) =>
          [...c.items.values()]
            .filter(isStockedItem)
            .flatMap((item) =>
              (narrowed ? chosen.filter((l) => c.locations.includes(l)) : c.locations).map((l) => levelOf(c, item, l)),
            ),
        )
        .sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
      return resultsReply(
        'Inventory levels retrieved successfully',
        slice(levels, page),
        pagination(levels.length, page),
      );
    }),
  },
} as const satisfies Record<string, FaultDef>;
