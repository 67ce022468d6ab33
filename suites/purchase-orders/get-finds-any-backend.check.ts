import { ContractViolation, describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { orderIdOf, purchaseOrders } from './adapter.js';
import { backendSlices, poReadsById, slices } from './reads.js';

// §4.6 get: no source parameter; the order is found from id and companyId, whatever its backend.
// One order listed by each row of the source table, read by id once per run (shared).
for (const name of backendSlices) {
  conformance('PO-GET-ANY-BACKEND', name, async (ctx: CheckContext) => {
    const read = (await poReadsById(ctx))[name];
    if (!('res' in read)) return read.empty ? ctx.skip(read.why) : ctx.inconclusive(read.why);
    await ctx.cite(read.res);
    if (!isSuccess(read.res)) throw new ContractViolation(`GET /purchaseOrders/${read.id} (an order ${slices[name].label} listed) without source: ${describeResponse(read.res)}`);
    const got = purchaseOrders.recordIn(read.res, read.id);
    if (!got) throw new ContractViolation(`GET /purchaseOrders/${read.id} did not return that order: ${describeResponse(read.res)}`);
    ctx.saw(1, `order ${orderIdOf(got)} of ${slices[name].label} read by id without a source`);
  });
}
