import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeKind } from './judge.js';

// §5.1: every endpoint of §4 rejects an expired JWT (a 4xx, never 2xx or 5xx; which 4xx is not shown).
// Judged on the shared matrix: every endpoint, or under rate limits those this kind was dealt.
conformance('AUTH-EXPIRED-TOKEN-REJECTED', async (ctx: CheckContext) => judgeKind(ctx, 'expired'));
