import type { FaultDef } from './fault.js';

/** Realistic item regressions, each breaking one rule of §2.2, §2.7, §3 or §4.2. */
export const itemFaults = {
  'items-create-envelope-without-success': { clause: 'ITEM-CREATE-ENVELOPE', description: 'POST /items answers { message, data } and drops the success flag.' },
  'items-create-accepts-labor': { clause: 'ITEM-CREATE-ONLY-PART-TIRE', description: 'POST /items creates labor, discount and fee items instead of refusing them.' },
  'items-part-details-optional': { clause: 'ITEM-PART-NEEDS-DETAILS', description: 'A part without partDetails is created with empty details.' },
  'items-tire-details-optional': { clause: 'ITEM-TIRE-NEEDS-DETAILS', description: 'A tire without tireDetails is created with empty details.' },
  'items-get-wrapped-in-envelope': { clause: 'ITEM-GET-BARE', description: 'GET /items/{itemId} wraps the item in { success, data } instead of returning it bare.' },
  'items-part-fees-as-string': { clause: 'ITEM-DETAILS-MATCH-TYPE', description: 'PartDetails.associatedFeesName comes back as a comma-joined string, not an array.' },
  'items-create-rounds-prices': { clause: 'ITEM-CREATE-ROUNDTRIP', description: 'Create stores costPerUnit and pricePerUnit rounded to whole units.' },
  'items-page-sort-as-string': { clause: 'ITEM-LIST-PAGE-OBJECT', description: 'The page object serialises sort as a string ("itemId: ASC") instead of the sort object.' },
  'items-page-zero-based': { clause: 'ITEM-PAGE-ONE-BASED', description: 'The items page object counts pages from 0 (page=1 reports number 0).' },
  'items-page-last-never-true': { clause: 'ITEM-PAGE-CONSISTENT', description: 'The page object reports last=false even on the last page.' },
  'items-unstable-order-across-pages': { clause: 'ITEM-PAGING', description: 'The list has no total order, so records repeat on some pages and are missing from others.' },
  'items-type-filter-ignored': { clause: 'ITEM-FILTER-TYPE', description: 'GET /items ignores the type filter.' },
  'items-item-number-filter-ignored': { clause: 'ITEM-FILTER-ITEMNUMBER', description: 'GET /items ignores the itemNumber filter.' },
  'items-updated-filter-ignored': { clause: 'ITEM-FILTER-UPDATED', description: 'GET /items ignores updatedDateStart and updatedDateEnd.' },
  'items-archive-envelope-bare': { clause: 'ITEM-ARCHIVE-ENVELOPE', description: 'PATCH /items answers only { message }, without success and data.' },
  'items-archive-noop': { clause: 'ITEM-ARCHIVE-INACTIVE', description: 'PATCH /items answers success but leaves status Active.' },
  'items-archive-deletes': { clause: 'ITEM-ARCHIVE-INACTIVE', description: 'PATCH /items deletes the items instead of inactivating them.' },
  'items-get-ignores-company': { clause: 'TENANT-GET-ISOLATION', description: 'GET /items/{itemId} finds items of any company, not only the one asked for.' },
  'items-list-ignores-company': { clause: 'TENANT-LIST-ISOLATION', description: 'GET /items builds its query without the company condition and lists the items of every company.' },
} as const satisfies Record<string, FaultDef>;
