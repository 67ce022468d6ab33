import type { PagingScope, TenancyProbe } from './adapter.js';
import { vehiclePaging } from '../vehicles/paging.js';
import { vehicleTenancy } from '../vehicles/tenancy.js';
import { purchaseOrderPaging } from '../purchase-orders/paging.js';
import { purchaseOrderTenancy } from '../purchase-orders/tenancy.js';

/** The resources each generic check runs over: a new resource adds its adapter's scopes here. */
export const pagedResources: readonly PagingScope[] = [vehiclePaging, purchaseOrderPaging];
export const tenancyProbes: readonly TenancyProbe[] = [vehicleTenancy, purchaseOrderTenancy];

import type { ResourceAdapter } from './adapter.js';
import { vehicles } from '../vehicles/adapter.js';
import { purchaseOrders } from '../purchase-orders/adapter.js';

/** Every resource adapter, for the checks that observe what the spec leaves open across all of them. */
export const adapters: readonly ResourceAdapter[] = [vehicles, purchaseOrders];
