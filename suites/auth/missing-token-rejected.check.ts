import { conformance } from '../../harness/conformance.js';
import { expectRejectedEverywhere } from './support.js';

// §5.1: every endpoint of §4 rejects a request without an Authorization header (4xx, never 2xx or 5xx).
conformance('AUTH-TOKEN-REQUIRED', (ctx) => expectRejectedEverywhere(ctx, 'missing'));
