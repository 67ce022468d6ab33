import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeKind } from './judge.js';

// §5.1: a token whose header and claims are mixed up (the claims segment also in the header's place,
// so the first segment names no alg) is not a valid JWT; every endpoint of §4 rejects it with a 4xx.
// Catches a decoder that reads a header without alg as "no signature to check". Every read is
// probed under rate limits too (suites/auth/matrix.ts).
conformance('AUTH-MALFORMED-TOKEN-REJECTED', { variant: 'claims as header' }, async (ctx: CheckContext) =>
  judgeKind(ctx, 'claims-as-header'),
);
