import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeKind } from './judge.js';

// §5.1: an unsigned JWT (header alg "none", empty signature part) carrying the run's own claims is
// not a valid access token: every endpoint of §4 rejects it with a 4xx. Every read is probed under
// rate limits too (suites/auth/matrix.ts).
conformance('AUTH-UNSIGNED-TOKEN-REJECTED', { variant: 'alg none' }, async (ctx: CheckContext) =>
  judgeKind(ctx, 'alg-none'),
);
