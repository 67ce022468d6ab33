import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeRejections } from './section7.js';

// §7 row 6: repairOrderId with source=inventory is a 400. Judged while inventory without it, and the
// same repairOrderId with source=orders, are answered 2xx (source=all is PO-REPAIR-ORDER-ACCEPTED's).
conformance('PO-REPAIR-ORDER-NOT-INVENTORY', async (ctx: CheckContext) =>
  judgeRejections(ctx, ['repairOrderWithInventory']),
);
