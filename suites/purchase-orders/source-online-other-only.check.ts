import { conformance } from '../../harness/conformance.js';
import { expectOnlyOwnBackend } from './support.js';

// §4.6 source table: online with isPartsCatalog=false returns online orders outside PartsCatalog.
conformance('PO-SOURCE-ONLINE-OTHER', (ctx) => expectOnlyOwnBackend(ctx, 'onlineOther'));
