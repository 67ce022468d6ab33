import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { idsIn, isSuccess } from '../../harness/checks/index.js';
import { orderIdOf } from '../purchase-orders/adapter.js';
import { poListSample, recordsOf } from '../purchase-orders/reads.js';
import { vehicles } from '../vehicles/adapter.js';
import { vehicleSample } from '../vehicles/fixtures.js';
import { itemSample } from '../items/fixtures.js';
import { levelList } from '../inventory-levels/fixtures.js';
import type { RealIds } from './endpoints.js';

/**
 * Existing record ids for the read-by-id endpoints of the auth matrix, read with the valid token
 * once per run: from the shared reads other areas make anyway (vehicles, items, inventory levels,
 * purchase orders) and the run's CUSTOMER_ID. Only
 * documented id fields (§2.1 vehicleId, §2.2 itemId, §2.4 itemId, §2.6 id). A lookup that fails
 * leaves its id out: the matrix then reads an unknown id, and only evidence is lost.
 */
export function realIds(ctx: CheckContext): Promise<RealIds> {
  return ctx.shared('auth:ids', async (s) => {
    const quietly = <T>(p: Promise<T>) => p.catch(() => undefined);
    const [vehicleList, orders, items, levels] = await Promise.all([
      quietly(vehicleSample(s)),
      quietly(poListSample(s)),
      quietly(itemSample(s)),
      quietly(levelList(s)),
    ]);
    const first = (res: ApiResponse | undefined, key: string) =>
      res && isSuccess(res) ? idsIn(res.json, key)[0] : undefined;
    return {
      vehicleId:
        vehicleList && isSuccess(vehicleList)
          ? vehicles.records(vehicleList).map(vehicles.idOf).find(Boolean)
          : undefined,
      itemId: first(items, 'itemId'),
      customerId: s.target.customerId,
      inventoryItemId: first(levels, 'itemId'),
      // An order's line items may carry ids of their own: the id of a record of `data` (§2.7), via the adapter.
      purchaseOrderId: recordsOf(orders).map(orderIdOf).find(Boolean),
    };
  });
}
