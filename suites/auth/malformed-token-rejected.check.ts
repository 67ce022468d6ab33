import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeKind } from './judge.js';

// §5.1: every endpoint of §4 rejects a bearer value that is not a JWT at all (a 4xx, never 2xx or 5xx; which 4xx is not shown).
// Judged on the shared probes: every endpoint, or under rate limits the ones this kind was dealt.
conformance('AUTH-MALFORMED-TOKEN-REJECTED', { variant: 'not a JWT' }, async (ctx: CheckContext) =>
  judgeKind(ctx, 'malformed'),
);
