import { poGetEnvelope } from '../../contract/schemas.js';
import { describeResponse, expectNoViolations, isSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { firstOrderId, getPurchaseOrder } from './support.js';

// §2.7, §4.6: { status, data: object, error: null on success }.
conformance('PO-GET-ENVELOPE', async (ctx) => {
  const id = await firstOrderId(ctx, {}, 'GET /purchaseOrders');
  const res = await getPurchaseOrder(ctx, id);
  // Whether a listed order can be read at all is PO-GET-ANY-BACKEND's rule; this one judges the envelope.
  if (!isSuccess(res)) ctx.inconclusive(`precondition: reading listed order ${id} failed (${describeResponse(res)})`);
  expectNoViolations(schemaViolations(poGetEnvelope, res.json), 'GET /purchaseOrders/{id} is not the §2.7 get envelope');
});
