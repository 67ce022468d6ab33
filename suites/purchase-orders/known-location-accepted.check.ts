import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeTwins } from './section7.js';

// §4.6 names locationId as a filter and §7 row 8 refuses only an unknown one: LOCATION_ID, a
// location of the company, is answered 2xx (the twin of PO-UNKNOWN-LOCATION).
conformance('PO-LOCATION-ACCEPTED', { needs: ['location'] }, async (ctx: CheckContext) =>
  judgeTwins(ctx, ['knownLocation']),
);
