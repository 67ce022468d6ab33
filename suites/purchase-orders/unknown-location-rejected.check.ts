import { conformance } from '../../harness/conformance.js';
import { expectBadRequest } from './support.js';

// §7 row 8: an unknown locationId is a 400 (not an empty list).
conformance('PO-UNKNOWN-LOCATION', (ctx) => expectBadRequest(ctx, ['unknownLocation']));
