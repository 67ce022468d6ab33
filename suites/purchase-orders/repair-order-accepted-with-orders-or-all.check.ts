import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeTwins, poSection7 } from './section7.js';

// §7 row 6: repairOrderId is supported with source=orders or all; both are answered 2xx (the twins
// of PO-REPAIR-ORDER-NOT-INVENTORY). The value is one an order of source=orders shows; when no
// order shows one (not a documented field, §2.6) a made-up value is sent, and its refusal may be
// about the unknown value, whose status is not shown (§7): inconclusive.
conformance('PO-REPAIR-ORDER-ACCEPTED', async (ctx: CheckContext) => {
  const { repairOrder } = await poSection7(ctx);
  ctx.observe(
    'repairOrderId sent',
    repairOrder.known
      ? `${repairOrder.id}, shown by an order of source=orders`
      : `${repairOrder.id}, made up: no order showed one`,
  );
  await judgeTwins(ctx, ['repairOrderWithOrders', 'repairOrderWithAll'], () =>
    repairOrder.known
      ? undefined
      : `repairOrderId ${repairOrder.id} is made up, and the status for an unknown one is not shown (§7)`,
  );
});
