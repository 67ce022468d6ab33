import { conformance, type CheckContext } from '../../harness/conformance.js';
import { unknownIdReads } from './unknown-ids.js';

// §7: the status for an unknown record is not shown; recorded per resource, never failed.
conformance('UNKNOWN-ID-STATUS', async (ctx: CheckContext) => {
  for (const { resource, res } of await unknownIdReads(ctx)) {
    await ctx.cite(res);
    ctx.observe(`GET /${resource}/{unknown}`, res.status);
  }
});
