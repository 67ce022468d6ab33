import { conformance } from '../../harness/conformance.js';
import { expectBadRequest } from './support.js';

// §7 row 7: itemType is refused with source=orders and with source=online&isPartsCatalog=false.
conformance('PO-ITEM-TYPE-RESTRICTED', (ctx) => expectBadRequest(ctx, ['itemTypeWithOrders', 'itemTypeWithOnlineOther']));
