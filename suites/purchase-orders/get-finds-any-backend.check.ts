import { ContractViolation, describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { firstOrderId, getPurchaseOrder, orderIdOf, orderOf, sliceNames, slices } from './support.js';

// §4.6 get: no source parameter; the service finds the order from id and companyId, whatever its backend.
for (const name of sliceNames) {
  conformance('PO-GET-ANY-BACKEND', name, async (ctx) => {
    const slice = slices[name];
    const id = await firstOrderId(ctx, slice.query, slice.name);
    const res = await getPurchaseOrder(ctx, id);
    if (!isSuccess(res)) throw new ContractViolation(`GET /purchaseOrders/${id} (an order of ${slice.name}) without source: ${describeResponse(res)}`);
    const got = orderOf(res);
    const gotId = got ? orderIdOf(got) : undefined;
    if (gotId !== id) throw new ContractViolation(`GET /purchaseOrders/${id} returned order ${String(gotId)}`);
  });
}
