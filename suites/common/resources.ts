import { itemsPage, poListEnvelope, vehicleListEnvelope } from '../../contract/schemas.js';
import type { PagingScope, ResourceAdapter, TenancyProbe, UpdatedScope } from './adapter.js';
import type { FrameScope } from './frame.js';
import { customerFrames } from '../customers/frame.js';
import { inventoryFrames } from '../inventory-levels/frame.js';
import { itemFrames } from '../items/frame.js';
import { vehicleFrames } from '../vehicles/frame.js';
import type { PairwiseScope } from './pairwise.js';
import { emptyWindow, type EmptyScope } from './empties.js';
import { appointmentRequests } from '../appointment-requests/adapter.js';
import { appointmentPaging } from '../appointment-requests/paging.js';
import { appointmentPairs } from '../appointment-requests/pairs.js';
import { appointmentTenancy } from '../appointment-requests/tenancy.js';
import { customers } from '../customers/adapter.js';
import { customerPaging } from '../customers/paging.js';
import { customerTenancy } from '../customers/tenancy.js';
import { inventoryLevels } from '../inventory-levels/adapter.js';
import { inventoryTenancy } from '../inventory-levels/tenancy.js';
import { items } from '../items/adapter.js';
import { itemPaging } from '../items/paging.js';
import { itemPairs } from '../items/pairs.js';
import { itemTenancy } from '../items/tenancy.js';
import { itemUpdated } from '../items/updated.js';
import { purchaseOrders } from '../purchase-orders/adapter.js';
import { purchaseOrderPaging } from '../purchase-orders/paging.js';
import { purchaseOrderPairs } from '../purchase-orders/pairs.js';
import { purchaseOrderTenancy } from '../purchase-orders/tenancy.js';
import { vehicles } from '../vehicles/adapter.js';
import { vehiclePaging } from '../vehicles/paging.js';
import { vehiclePairs } from '../vehicles/pairs.js';
import { vehicleTenancy } from '../vehicles/tenancy.js';
import { vehicleUpdated } from '../vehicles/updated.js';

/**
 * The resources each generic check of suites/common runs over. A new resource adds its adapter
 * here, and its scopes where it supports the behaviour.
 */

/** Every resource adapter, for the checks that observe what the spec leaves open across all of them. */
export const adapters: readonly ResourceAdapter[] = [
  vehicles,
  items,
  customers,
  inventoryLevels,
  appointmentRequests,
  purchaseOrders,
];

/** Paged lists walked by the generic paging check (§8). */
export const pagedResources: readonly PagingScope[] = [
  vehiclePaging,
  itemPaging,
  customerPaging,
  appointmentPaging,
  purchaseOrderPaging,
];

/** Resources probed for leaks across companies (§1). */
export const tenancyProbes: readonly TenancyProbe[] = [
  vehicleTenancy,
  itemTenancy,
  customerTenancy,
  inventoryTenancy,
  appointmentTenancy,
  purchaseOrderTenancy,
];

/** Lists with the updatedDateStart / updatedDateEnd filters (§4.1, §4.2). */
export const updatedScopes: readonly UpdatedScope[] = [vehicleUpdated, itemUpdated];

/** Writes judged whole, before and after (frame conditions): every write of every resource that writes. */
export const frameScopes: readonly FrameScope[] = [
  ...vehicleFrames,
  ...itemFrames,
  ...customerFrames,
  ...inventoryFrames,
];
/** Lists whose documented filters are judged in pairs, and isolation under each (contract/techniques.ts pairwise-parameters). */
export const pairwiseScopes: readonly PairwiseScope[] = [vehiclePairs, itemPairs, appointmentPairs, purchaseOrderPairs];
/** Lists whose shape the spec shows (§2.7), each with a documented filter no record matches (boundary). */
const noUpdate = { updatedDateStart: `${emptyWindow.start}T00:00:00Z`, updatedDateEnd: `${emptyWindow.end}T00:00:00Z` };
export const emptyLists: readonly EmptyScope[] = [
  {
    adapter: vehicles,
    clause: 'VEHICLE-LIST-ENVELOPE',
    shape: vehicleListEnvelope,
    query: noUpdate,
    note: 'an updated-date window in 1971',
  },
  {
    adapter: items,
    clause: 'ITEM-LIST-PAGE-OBJECT',
    shape: itemsPage,
    query: noUpdate,
    note: 'an updated-date window in 1971',
  },
  {
    adapter: purchaseOrders,
    clause: 'PO-LIST-ENVELOPE',
    shape: poListEnvelope,
    query: { createdDateStart: emptyWindow.start, createdDateEnd: emptyWindow.end },
    note: 'a created-date window in 1971',
  },
];
