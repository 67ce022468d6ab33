import { conformance } from '../../harness/conformance.js';
import { expectBadRequest } from './support.js';

// §7 row 4: source=online needs isPartsCatalog (true or false).
conformance('PO-SOURCE-ONLINE-NEEDS-FLAG', (ctx) => expectBadRequest(ctx, ['onlineWithoutFlag']));
