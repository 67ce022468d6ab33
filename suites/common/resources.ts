import type { PagingScope, TenancyProbe, UpdatedScope } from './adapter.js';
import { vehiclePaging } from '../vehicles/paging.js';
import { vehicleTenancy } from '../vehicles/tenancy.js';
import { itemPaging } from '../items/paging.js';
import { itemTenancy } from '../items/tenancy.js';
import { inventoryTenancy } from '../inventory-levels/tenancy.js';
import { customerPaging } from '../customers/paging.js';
import { customerTenancy } from '../customers/tenancy.js';

/** The resources each generic check runs over: a new resource adds its adapter's scopes here. */
export const pagedResources: readonly PagingScope[] = [vehiclePaging, itemPaging, customerPaging];
export const tenancyProbes: readonly TenancyProbe[] = [vehicleTenancy, itemTenancy, customerTenancy, inventoryTenancy];

import type { ResourceAdapter } from './adapter.js';
import { vehicles } from '../vehicles/adapter.js';
import { items } from '../items/adapter.js';
import { inventoryLevels } from '../inventory-levels/adapter.js';
import { customers } from '../customers/adapter.js';

/** Every resource adapter, for the checks that observe what the spec leaves open across all of them. */
export const adapters: readonly ResourceAdapter[] = [vehicles, items, customers, inventoryLevels];

import { vehicleUpdated } from '../vehicles/updated.js';
import { itemUpdated } from '../items/updated.js';

/** Lists with the updatedDateStart / updatedDateEnd filters. */
export const updatedScopes: readonly UpdatedScope[] = [vehicleUpdated, itemUpdated];
