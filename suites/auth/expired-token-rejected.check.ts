import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeKind } from './judge.js';

// §5.1: every endpoint of §4 rejects a correctly signed token of the target that has expired (a 4xx,
// never 2xx or 5xx; which 4xx is not shown). Only the target can sign one: ACCESS_TOKEN_EXPIRED (the
// embedded mock mints one). Without it the clause is skipped as not testable here; a token forged
// from the real one would fail on its signature and prove nothing about exp. Every read is probed
// under rate limits too (suites/auth/matrix.ts).
conformance('AUTH-EXPIRED-TOKEN-REJECTED', async (ctx: CheckContext) => judgeKind(ctx, 'expired'));
