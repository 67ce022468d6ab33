import { poListEnvelope } from '../../contract/schemas.js';
import { isSuccess, shapeViolations } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, verdict } from '../common/judge.js';
import { allReads, backendSlices, poSlices, unionSlices } from './reads.js';

// §2.7, §4.6: a list answers { status: boolean, data: array, pagination (optional), error: null }.
// Judged on every row of the source table that was answered 2xx (a refused row is its own
// clause's failure), the plain list without a source required.
conformance('PO-LIST-ENVELOPE', async (ctx: CheckContext) => {
  const reads = await poSlices(ctx);
  await ctx.cite(...allReads(reads));
  expect2xx(ctx, reads.omitted, 'GET /purchaseOrders');
  const answered = [...unionSlices, ...backendSlices].filter((n) => isSuccess(reads[n]));
  const violations = answered.flatMap((n) => shapeViolations(poListEnvelope, reads[n].json, reads[n]));
  verdict(
    ctx,
    violations,
    'GET /purchaseOrders is not the §2.7 list envelope',
    answered.length,
    'list answers of the §2.7 envelope',
  );
});
