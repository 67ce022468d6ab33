import { conformance } from '../../harness/conformance.js';
import { expectRejectedEverywhere } from './support.js';

// §5.1: every endpoint of §4 rejects a request with a bearer value that is not a JWT (4xx, never 2xx or 5xx).
conformance('AUTH-MALFORMED-TOKEN-REJECTED', (ctx) => expectRejectedEverywhere(ctx, 'malformed'));
