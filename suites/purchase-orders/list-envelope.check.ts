import { poListEnvelope } from '../../contract/schemas.js';
import { expectNoViolations, expectSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { listPurchaseOrders } from './support.js';

// §2.7, §4.6: { status, data: array, pagination (optional), error: null on success }.
conformance('PO-LIST-ENVELOPE', async (ctx) => {
  const res = await listPurchaseOrders(ctx, { size: 5, page: 1 });
  expectSuccess(res, 'GET /purchaseOrders');
  expectNoViolations(schemaViolations(poListEnvelope, res.json), 'GET /purchaseOrders is not the §2.7 list envelope');
});
