import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeRejections } from './section7.js';

// §7 row 7: itemType is refused with source=orders and with source=online&isPartsCatalog=false.
// Judged while those sources without itemType, and itemType where the row allows it, are answered 2xx.
conformance('PO-ITEM-TYPE-RESTRICTED', async (ctx: CheckContext) =>
  judgeRejections(ctx, ['itemTypeWithOrders', 'itemTypeWithOnlineOther']),
);
