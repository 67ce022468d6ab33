import { conformance } from '../../harness/conformance.js';
import { expectBadRequest } from './support.js';

// §7 row 6: repairOrderId works only with source=orders or all.
conformance('PO-REPAIR-ORDER-NOT-INVENTORY', (ctx) => expectBadRequest(ctx, ['repairOrderWithInventory']));
