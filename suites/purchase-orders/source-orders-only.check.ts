import { conformance } from '../../harness/conformance.js';
import { expectOnlyOwnBackend } from './support.js';

// §4.6 source table: source=orders returns order-level orders (ManualOrder, PartsCatalog, TireCatalog).
conformance('PO-SOURCE-ORDERS', (ctx) => expectOnlyOwnBackend(ctx, 'orders'));
