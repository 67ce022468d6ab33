import { isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { unknownIdReads } from './unknown-ids.js';

const shapeOf = (v: unknown) =>
  isRecord(v)
    ? Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x]),
      )
    : v === undefined
      ? 'no JSON body'
      : typeof v;

// §7: error bodies outside purchase orders are not shown; the shape of the errors met is recorded.
conformance('ERROR-BODY-SHAPE', async (ctx: CheckContext) => {
  for (const { resource, res } of await unknownIdReads(ctx)) {
    await ctx.cite(res);
    if (isSuccess(res)) ctx.observe(`GET /${resource}/{unknown}`, `no error: HTTP ${res.status}`);
    else
      ctx.observe(`GET /${resource}/{unknown} error body`, {
        status: res.status,
        contentType: res.headers['content-type'] ?? null,
        shape: shapeOf(res.json),
      });
  }
});
