import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeRejections } from './section7.js';

// §7 row 5: isPartsCatalog is supported only with source=online; inventory, orders and all (named,
// or by leaving source out) refuse it. Each judged while the same source without the flag, and online with it, are answered 2xx.
conformance('PO-FLAG-ONLY-ONLINE', async (ctx: CheckContext) =>
  judgeRejections(ctx, ['flagWithInventory', 'flagWithOrders', 'flagWithAll', 'flagWithoutSource']),
);
