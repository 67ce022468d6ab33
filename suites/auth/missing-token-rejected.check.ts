import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeKind } from './judge.js';

// §5.1: every endpoint of §4 rejects a request without an Authorization header (a 4xx, never 2xx or 5xx; which 4xx is not shown).
// Judged on the shared probes: every endpoint, or under rate limits the ones this kind was dealt.
conformance('AUTH-TOKEN-REQUIRED', async (ctx: CheckContext) => judgeKind(ctx, 'missing'));
