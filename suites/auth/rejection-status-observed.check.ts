import { conformance, type CheckContext } from '../../harness/conformance.js';
import { credentialKinds, deriveCredential, isForged } from './credentials.js';
import { statusCounts } from './judge.js';
import { kindProbes } from './matrix.js';

// §7: the status for a missing or invalid token is not shown. Recorded per kind from the shared
// probes (no request of its own), never failed.
conformance('AUTH-REJECTION-STATUS', async (ctx: CheckContext) => {
  const kinds = credentialKinds.filter((k) => isForged(deriveCredential(ctx, k)));
  const all = await Promise.all(kinds.map((k) => kindProbes(ctx, k)));
  const probes = all.flatMap((m) => m.probes);
  await ctx.cite(...probes.map((p) => p.res));
  for (const [i, kind] of kinds.entries()) {
    const mine = all[i]!.probes;
    if (mine.length) ctx.observe(`${kind} token`, statusCounts(mine));
  }
  ctx.saw(probes.length, 'rejection statuses recorded');
});
