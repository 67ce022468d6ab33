import type { ApiResponse } from '../../harness/client.js';
import { isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { customerRecords, listCustomers } from '../customers/support.js';
import { listItems, pageRecords } from '../items/support.js';
import { listVehicles, vehicleRecords } from '../vehicles/support.js';

// §8: default and maximum page sizes are not shown; record what size=1000 and no size give.
conformance('PAGE-SIZE-LIMITS', async (ctx) => {
  const lists = [
    { name: 'vehicles', list: (q: Record<string, number>) => listVehicles(ctx, q), count: (r: ApiResponse) => vehicleRecords(r.json).length },
    { name: 'items', list: (q: Record<string, number>) => listItems(ctx, q), count: (r: ApiResponse) => pageRecords(r).length },
    { name: 'customers', list: (q: Record<string, number>) => listCustomers(ctx, q), count: (r: ApiResponse) => customerRecords(r.json).length },
  ];
  const answers = await Promise.all(lists.flatMap((l) => [l.list({ page: 1 }), l.list({ size: 1000, page: 1 })]));
  lists.forEach((l, i) => {
    const [plain, large] = [answers[2 * i]!, answers[2 * i + 1]!];
    ctx.observe(`${l.name}: no size`, isSuccess(plain) ? `${l.count(plain)} records` : `HTTP ${plain.status}`);
    ctx.observe(`${l.name}: size=1000`, isSuccess(large) ? `${l.count(large)} records` : `HTTP ${large.status}`);
  });
});
