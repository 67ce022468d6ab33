import type { Route } from './router.js';
import { itemRoutes } from './resources/items.js';

/** Every route of the mock, one typed array per resource. */
export const routes: Route[] = [...itemRoutes];
