import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { idsIn, isRecord, isSuccess } from '../../harness/checks/index.js';
import type { RealIds } from './endpoints.js';

/**
 * Existing record ids, read with the valid token, for the read-by-id endpoints of the auth matrix.
 * Only documented id fields (§2.1 vehicleId, §2.2 itemId, §2.4 itemId, §2.6 id). A lookup that
 * fails leaves its id out: the matrix then reads an unknown id, and nothing is lost but evidence.
 */
export async function realIds(ctx: CheckContext): Promise<RealIds> {
  const q = { companyId: ctx.companyId, size: 1, page: 1 };
  const tryGet = (path: string, query: Record<string, string | number>) => ctx.api.get(path, query).catch(() => undefined);
  const firstId = (res: ApiResponse | undefined, key: string) => (res && isSuccess(res) ? idsIn(res.json, key)[0] : undefined);
  const [vehicles, items, levels, orders] = await Promise.all([
    tryGet('/vehicles', q),
    tryGet('/items', q),
    tryGet('/inventoryLevels', { companyId: ctx.companyId }),
    tryGet('/purchaseOrders', q),
  ]);
  // An order's line items carry ids of their own: take the id of the first record of `data` (§2.7).
  const order = orders && isSuccess(orders) && isRecord(orders.json) && Array.isArray(orders.json.data) ? orders.json.data[0] : undefined;
  const orderId = isRecord(order) && (typeof order.id === 'string' || typeof order.id === 'number') ? String(order.id) : undefined;
  return {
    vehicleId: firstId(vehicles, 'vehicleId'),
    itemId: firstId(items, 'itemId'),
    customerId: ctx.target.customerId,
    inventoryItemId: firstId(levels, 'itemId'),
    purchaseOrderId: orderId,
  };
}
