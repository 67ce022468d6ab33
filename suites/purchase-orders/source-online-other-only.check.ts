import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeSlice } from './membership.js';

// §4.6 source table: online with isPartsCatalog=false returns online orders of any channel but PartsCatalog.
conformance('PO-SOURCE-ONLINE-OTHER', async (ctx: CheckContext) => judgeSlice(ctx, 'onlineOther'));
