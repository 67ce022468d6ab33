import type { Route } from './types.js';
import { itemRoutes } from './resources/items.js';
import { appointmentRequestRoutes } from './resources/appointment-requests.js';
import { purchaseOrderRoutes } from './resources/purchase-orders.js';
import { vehicleRoutes } from './resources/vehicles.js';
import { customerRoutes } from './resources/customers.js';
import { inventoryLevelRoutes } from './resources/inventory-levels.js';
import { partnerRoutes } from './resources/partners.js';

/** Every route of the mock, one typed array per resource. */
export const routes: Route[] = [
  ...itemRoutes,
  ...appointmentRequestRoutes,
  ...purchaseOrderRoutes,
  ...vehicleRoutes,
  ...customerRoutes,
  ...inventoryLevelRoutes,
  ...partnerRoutes,
];
