import { conformance } from '../../harness/conformance.js';
import { badCredential, type BadCredential } from './credentials.js';
import { sendEverywhere, statusCounts } from './support.js';

const kinds: BadCredential[] = ['missing', 'malformed', 'bad-signature', 'expired'];

// §7: the status for a missing or invalid token is not shown. Recorded per kind, never failed.
conformance('AUTH-REJECTION-STATUS', async (ctx) => {
  const forged = kinds.map((k) => ({ kind: k, ...badCredential(ctx, k) }));
  const answers = await Promise.all(forged.map((f) => sendEverywhere(ctx, f.token)));
  forged.forEach((f, i) => ctx.observe(`${f.kind} token`, statusCounts(answers[i]!)));
});
