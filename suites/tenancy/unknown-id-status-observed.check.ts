import { conformance } from '../../harness/conformance.js';
import { tenantProbes } from './support.js';

// §7: the status for an unknown record is not shown; record what each get-by-id answers.
conformance('UNKNOWN-ID-STATUS', async (ctx) => {
  const unknownId = `cnf-unknown-${ctx.marker}`;
  const answers = await Promise.all(tenantProbes.map((p) => p.get(ctx, unknownId, ctx.companyId)));
  tenantProbes.forEach((p, i) => ctx.observe(`GET /${p.resource}/{unknown}`, answers[i]!.status));
});
