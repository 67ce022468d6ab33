import { conformance } from '../../harness/conformance.js';
import { deriveCredential, type BadCredential } from './credentials.js';
import { realIds } from './real-ids.js';
import { sendEverywhere, statusCounts } from './support.js';

const kinds: BadCredential[] = ['missing', 'malformed', 'bad-signature', 'expired'];

// §7: the status for a missing or invalid token is not shown. Recorded per kind, never failed.
conformance('AUTH-REJECTION-STATUS', async (ctx) => {
  const derived = kinds.map((kind) => ({ kind, forged: deriveCredential(ctx, kind) }));
  const ids = await realIds(ctx);
  const answers = await Promise.all(derived.map(({ forged }) => (typeof forged === 'string' ? undefined : sendEverywhere(ctx, forged.token, ids))));
  derived.forEach(({ kind, forged }, i) => ctx.observe(`${kind} token`, typeof forged === 'string' ? `not sent: ${forged}` : statusCounts(answers[i]!)));
});
