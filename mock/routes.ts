import type { Route } from './router.js';
import { itemRoutes } from './resources/items.js';
import { vehicleRoutes } from './resources/vehicles.js';
import { customerRoutes } from './resources/customers.js';
import { inventoryLevelRoutes } from './resources/inventory-levels.js';

/** Every route of the mock, one typed array per resource. */
export const routes: Route[] = [...itemRoutes, ...vehicleRoutes, ...customerRoutes, ...inventoryLevelRoutes];
