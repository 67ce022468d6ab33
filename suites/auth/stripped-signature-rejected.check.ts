import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeKind } from './judge.js';

// §5.1: the run's header (alg HS256) and claims with the signature part emptied is an unsigned
// token: every endpoint of §4 rejects it with a 4xx. Every read is probed under rate limits too
// (suites/auth/matrix.ts).
conformance('AUTH-UNSIGNED-TOKEN-REJECTED', { variant: 'signature stripped' }, async (ctx: CheckContext) =>
  judgeKind(ctx, 'stripped'),
);
