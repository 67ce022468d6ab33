import { conformance, type CheckContext } from '../../harness/conformance.js';
import { statusCounts } from './judge.js';
import { authMatrix, credentialKinds } from './matrix.js';

// §7: the status for a missing or invalid token is not shown. Recorded per kind from the shared
// matrix (no request of its own), never failed.
conformance('AUTH-REJECTION-STATUS', async (ctx: CheckContext) => {
  const m = await authMatrix(ctx);
  await ctx.cite(...m.probes.map((p) => p.res));
  for (const kind of credentialKinds) {
    const mine = m.probes.filter((p) => p.kind === kind);
    if (mine.length) ctx.observe(`${kind} token`, statusCounts(mine));
  }
  ctx.saw(m.probes.length, 'rejection statuses recorded');
});
