import type { FaultDef } from './fault.js';

/** Inventory-level faults (§4.4). */
export const inventoryLevelFaults = {
  'inventory-lists-non-stocked-items': { clause: 'INVENTORY-STOCKED-ONLY', description: 'Inventory levels are derived for every part item, not only stocked ones.' },
  'inventory-update-not-saved': { clause: 'INVENTORY-UPDATE-VISIBLE', description: 'PUT /inventoryLevels echoes the new levels but never commits them.' },
  'inventory-item-main-location-only': { clause: 'INVENTORY-ITEM-AGREES', description: 'GET /inventoryLevels/{itemId} returns only the company\'s first location, while the list has them all.' },
} as const satisfies Record<string, FaultDef>;
