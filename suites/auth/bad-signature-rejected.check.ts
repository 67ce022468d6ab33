import { conformance } from '../../harness/conformance.js';
import { expectRejectedEverywhere } from './support.js';

// §5.1: every endpoint of §4 rejects a request with the real token's signature tampered (4xx, never 2xx or 5xx).
conformance('AUTH-BAD-SIGNATURE-REJECTED', (ctx) => expectRejectedEverywhere(ctx, 'bad-signature'));
