import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeRejections } from './section7.js';

// §7 row 4: source=online needs isPartsCatalog. Judged while online with the flag (true and false)
// is answered 2xx, so the 400 is about the missing flag.
conformance('PO-SOURCE-ONLINE-NEEDS-FLAG', async (ctx: CheckContext) => judgeRejections(ctx, ['onlineWithoutFlag']));
