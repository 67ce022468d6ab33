import type { FaultDef } from './fault.js';

/** Realistic regressions of purchase orders, each breaking one rule of §2.6, §2.7, §4.6, §5.3 or §7. */
export const purchaseOrderFaults = {
  'po-list-error-omitted': { clause: 'PO-LIST-ENVELOPE', description: 'The list serialiser drops null fields, so a successful list has no error key.' },
  'po-get-bare-record': { clause: 'PO-GET-ENVELOPE', description: 'GET /purchaseOrders/{id} returns the purchase order bare, without { status, data, error }.' },
  'po-inventory-labelled-orders': { clause: 'PO-SOURCE-INVENTORY', description: 'Inventory stock orders go through the order-level mapper and report source "orders".' },
  'po-online-catalog-labelled-tire': { clause: 'PO-SOURCE-ONLINE-CATALOG', description: 'The online channel lookup is off by one: parts-catalog orders report integrationSource TireCatalog.' },
  'po-online-tire-labelled-parts-catalog': { clause: 'PO-SOURCE-ONLINE-OTHER', description: 'Online tire-catalog orders report integrationSource PartsCatalog.' },
  'po-orders-source-from-channel': { clause: 'PO-SOURCE-ORDERS', description: 'source is derived from the channel, so order-level catalog orders report source "online".' },
  'po-all-misses-online': { clause: 'PO-SOURCE-ALL-UNION', description: 'source=all (and an omitted source) leaves out the online backend.' },
  'po-all-manual-channel-renamed': { clause: 'PO-SOURCE-VALUES', description: 'The combined (all-sources) listing spells the ManualOrder channel "Manual".' },
  'po-online-flag-optional': { clause: 'PO-SOURCE-ONLINE-NEEDS-FLAG', description: 'source=online without isPartsCatalog answers 200 with every online order.' },
  'po-flag-ignored-off-online': { clause: 'PO-FLAG-ONLY-ONLINE', description: 'isPartsCatalog with a source other than online is silently ignored (200).' },
  'po-repair-order-ignored-on-inventory': { clause: 'PO-REPAIR-ORDER-NOT-INVENTORY', description: 'repairOrderId with source=inventory is silently ignored (200).' },
  'po-item-type-accepted-everywhere': { clause: 'PO-ITEM-TYPE-RESTRICTED', description: 'itemType is accepted with every source and filters the line items (200).' },
  'po-unknown-location-empty': { clause: 'PO-UNKNOWN-LOCATION', description: 'An unknown locationId answers 200 with an empty list.' },
  'po-error-null-on-failure': { clause: 'PO-ERROR-IN-ENVELOPE', description: 'Error responses put the message beside the envelope and leave error null.' },
  'po-permission-not-enforced': { clause: 'PO-PERMISSION-REQUIRED', description: 'The Purchase Orders permission is not checked: any valid token reads purchase orders.' },
  'po-get-needs-source': { clause: 'PO-GET-ANY-BACKEND', description: 'GET /purchaseOrders/{id} looks only in the inventory backend unless source is given.' },
  'po-dates-not-iso': { clause: 'PO-DATES-ISO', description: 'invoiceDate and paymentDueDate are formatted MM/DD/YYYY.' },
  'po-brand-as-id': { clause: 'PO-LINE-BRAND', description: 'Line items carry the numeric brand id in brand instead of the brand name.' },
  'po-requested-quantity-filled': { clause: 'PO-LINE-RESERVED-NULL', description: 'requestedQuantity is filled with the ordered quantity instead of staying null.' },
  'po-date-end-ignored': { clause: 'PO-DATE-FILTERS', description: 'createdDateEnd and updatedDateEnd are not read, so later orders come back.' },
  'po-post-accepted': { clause: 'PO-READ-ONLY', description: 'POST /purchaseOrders answers 201 (a create route left enabled).' },
  'po-paging-overlap': { clause: 'PO-PAGING', description: 'Page offsets are off by one: the last order of each page opens the next page too.' },
} as const satisfies Record<string, FaultDef>;
