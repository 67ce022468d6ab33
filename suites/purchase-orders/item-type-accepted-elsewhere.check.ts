import { conformance, type CheckContext } from '../../harness/conformance.js';
import { ITEM_TYPE, judgeTwins } from './section7.js';

// §7 row 7 refuses itemType only with source=orders and with online&isPartsCatalog=false: with
// source=inventory and with online&isPartsCatalog=true it is answered 2xx (the twins of
// PO-ITEM-TYPE-RESTRICTED). The value sent is an item type of §2.2.
conformance('PO-ITEM-TYPE-ACCEPTED', async (ctx: CheckContext) => {
  ctx.observe('itemType sent', `${ITEM_TYPE} (an itemType value of §2.2; §4.6 does not list the filter's values)`);
  await judgeTwins(ctx, ['itemTypeWithInventory', 'itemTypeWithOnlineCatalog']);
});
