import { isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { tenantProbes } from './support.js';

const shapeOf = (v: unknown) => (isRecord(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x])) : v === undefined ? 'no JSON body' : typeof v);

// §7: error bodies outside purchase orders are not shown; record the shape of the errors met.
conformance('ERROR-BODY-SHAPE', async (ctx) => {
  const unknownId = `cnf-unknown-${ctx.marker}`;
  const answers = await Promise.all(tenantProbes.map((p) => p.get(ctx, unknownId, ctx.companyId)));
  tenantProbes.forEach((p, i) => {
    const res = answers[i]!;
    if (isSuccess(res)) return ctx.observe(`GET /${p.resource}/{unknown}`, `no error: HTTP ${res.status}`);
    ctx.observe(`GET /${p.resource}/{unknown} error body`, { status: res.status, contentType: res.headers['content-type'] ?? null, shape: shapeOf(res.json) });
  });
});
