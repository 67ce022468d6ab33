import type { PagingScope, TenancyProbe } from './adapter.js';
import { vehiclePaging } from '../vehicles/paging.js';
import { vehicleTenancy } from '../vehicles/tenancy.js';
import { appointmentPaging } from '../appointment-requests/paging.js';
import { appointmentTenancy } from '../appointment-requests/tenancy.js';

/** The resources each generic check runs over: a new resource adds its adapter's scopes here. */
export const pagedResources: readonly PagingScope[] = [vehiclePaging, appointmentPaging];
export const tenancyProbes: readonly TenancyProbe[] = [vehicleTenancy, appointmentTenancy];

import type { ResourceAdapter } from './adapter.js';
import { vehicles } from '../vehicles/adapter.js';
import { appointmentRequests } from '../appointment-requests/adapter.js';

/** Every resource adapter, for the checks that observe what the spec leaves open across all of them. */
export const adapters: readonly ResourceAdapter[] = [vehicles, appointmentRequests];
