import { conformance } from '../../harness/conformance.js';
import { expectBadRequest } from './support.js';

// §7 row 5: isPartsCatalog is supported only with source=online; inventory, orders and all refuse it.
conformance('PO-FLAG-ONLY-ONLINE', (ctx) => expectBadRequest(ctx, ['flagWithInventory', 'flagWithOrders', 'flagWithAll']));
