import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeSlice } from './membership.js';

// §4.6 source table: online with isPartsCatalog=true returns the PartsCatalog channel only.
conformance('PO-SOURCE-ONLINE-CATALOG', async (ctx: CheckContext) => judgeSlice(ctx, 'onlineCatalog'));
