import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeRejections } from './section7.js';

// §7 row 8: an unknown locationId is a 400 (not an empty list). Judged while the same request with
// LOCATION_ID (when set) and without a location are answered 2xx: a server refusing every location
// fails PO-LOCATION-ACCEPTED, not this clause.
conformance('PO-UNKNOWN-LOCATION', async (ctx: CheckContext) => judgeRejections(ctx, ['unknownLocation']));
