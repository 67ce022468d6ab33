import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeKind } from './judge.js';

// §5.1: the run's header and claims, correctly signed HS256 but with a random key, are not a valid
// token of the target: every endpoint of §4 rejects them with a 4xx. Unlike a tampered signature,
// this one is well formed and of the right length, so only a real verification refuses it. Every
// read is probed under rate limits too (suites/auth/matrix.ts).
conformance('AUTH-BAD-SIGNATURE-REJECTED', { variant: 'signed with another key' }, async (ctx: CheckContext) =>
  judgeKind(ctx, 'other-key'),
);
