import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeKind } from './judge.js';

// §5.1: the run's claims without exp, signed with a random key. The harness cannot sign with the
// target's key, so this is a bad-signature token: a conforming server refuses it whatever it makes
// of tokens without exp (their lifetime is not shown, §5.4), and one that accepts it skipped the
// signature because exp was missing. It shows nothing about correctly signed tokens without exp.
// Every read is probed under rate limits too (suites/auth/matrix.ts).
conformance('AUTH-BAD-SIGNATURE-REJECTED', { variant: 'without exp, another key' }, async (ctx: CheckContext) =>
  judgeKind(ctx, 'no-exp'),
);
