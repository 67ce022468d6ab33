import type { Clause } from '../clause.js';

/** The clauses of the inventoryLevels area; `spec` lists the fingerprints of the spec units each one checks. */
export const inventoryLevels = {
  'INVENTORY-STOCKED-ONLY': {
    section: '§4.4',
    area: 'inventoryLevels',
    severity: 'normal',
    strictness: 'observed',
    must: 'GET /inventoryLevels is for stocked items, but what makes an item stocked is not defined (S-2.4-stocked-definition): the harness records whether items that are not flagged isStockItem show levels.',
    spec: ['05488fb030b6', '2ba9228ad04b', '60779871fc6f'],
  },
  'INVENTORY-UPDATE-VISIBLE': {
    section: '§4.4',
    area: 'inventoryLevels',
    severity: 'critical',
    strictness: 'strict',
    must: "A bulk PUT /inventoryLevels MUST be visible, for every entry of the array, on the next read of that item's levels.",
    spec: ['05488fb030b6', '1ba88424a52f', '71210fdf1d41', 'b88927285ccd'],
  },
  'INVENTORY-UPDATE-ONLY-NAMED': {
    section: '§4.4',
    area: 'inventoryLevels',
    severity: 'critical',
    strictness: 'strict',
    must: 'A PUT /inventoryLevels MUST change only the levels its entries name: the levels of other items, and those of a named item at other locations, keep their quantities.',
    spec: ['71210fdf1d41', 'b88927285ccd'],
  },
  'INVENTORY-ITEM-AGREES': {
    section: '§4.4',
    area: 'inventoryLevels',
    severity: 'normal',
    strictness: 'strict',
    must: 'GET /inventoryLevels/{itemId} MUST agree with the levels the list gives for that item.',
    spec: ['60779871fc6f', 'b88927285ccd'],
  },
  'INVENTORY-RECORD-SHAPE': {
    section: '§2.4, §4.4 (not shown)',
    area: 'inventoryLevels',
    severity: 'trivial',
    strictness: 'observed',
    must: 'Inventory-level parameters, bodies and records are not documented; the harness records what the target uses.',
    spec: ['a4b4dfc26997', '60779871fc6f', '1ee6448de13d'],
  },
} as const satisfies Record<string, Clause>;
