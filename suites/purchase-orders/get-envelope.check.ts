import { poGetEnvelope } from '../../contract/schemas.js';
import { isSuccess, shapeViolations } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { backendSlices, poReadsById } from './reads.js';

// §2.7, §4.6: a read by id answers { status: boolean, data: object, error: null }. Judged on the
// shared reads by id that were answered 2xx (whether a listed order can be read is PO-GET-ANY-BACKEND's rule).
conformance('PO-GET-ENVELOPE', async (ctx: CheckContext) => {
  const reads = await poReadsById(ctx);
  const sent = backendSlices.flatMap((n) => {
    const r = reads[n];
    return 'res' in r ? [{ name: n, ...r }] : [];
  });
  const answered = sent.filter((r) => isSuccess(r.res));
  await ctx.cite(...answered.map((r) => r.res));
  if (answered.length === 0) {
    if (
      backendSlices.every((n) => {
        const r = reads[n];
        return 'empty' in r && r.empty;
      })
    )
      ctx.skip('the company has no purchase orders to read by id');
    ctx.inconclusive(
      `precondition: no read by id of a listed order was answered 2xx (${sent.map((r) => `${r.id}: HTTP ${r.res.status}`).join(', ') || 'none sent'})`,
    );
  }
  const violations = answered.flatMap((r) => shapeViolations(poGetEnvelope, r.res.json, r.res));
  verdict(
    ctx,
    violations,
    'GET /purchaseOrders/{id} is not the §2.7 get envelope',
    answered.length,
    'get answers of the §2.7 envelope',
  );
});
