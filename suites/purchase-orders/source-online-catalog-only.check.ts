import { conformance } from '../../harness/conformance.js';
import { expectOnlyOwnBackend } from './support.js';

// §4.6 source table: online with isPartsCatalog=true returns the PartsCatalog channel only.
conformance('PO-SOURCE-ONLINE-CATALOG', (ctx) => expectOnlyOwnBackend(ctx, 'onlineCatalog'));
