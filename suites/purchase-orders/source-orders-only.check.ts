import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeSlice } from './membership.js';

// §4.6 source table: source=orders returns order-level orders (ManualOrder, PartsCatalog, TireCatalog channels).
conformance('PO-SOURCE-ORDERS', async (ctx: CheckContext) => judgeSlice(ctx, 'orders'));
