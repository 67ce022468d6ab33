import type { Query } from '../../harness/client.js';
import { parseDateTime } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { Rec, Sighting, TenancyProbe, TenantRecord } from '../common/adapter.js';
import { collect } from '../common/listing.js';
import { sightElsewhere } from '../common/tenancy.js';
import { orderIdOf, purchaseOrders } from './adapter.js';
import { windowAround } from './days.js';
import { backendSlices, ordersReadById, poReadsById, poSlices, recordsOf, slices } from './reads.js';

interface OrderOfCompany extends TenantRecord {
  /** The narrowed listing it shows in: its row of the source table and a createdDate window around it. */
  query: Query;
  /** What tells this order from another company's order that happens to share its id (§4.6 get finds an order from id and companyId). */
  createdDate?: unknown;
}

/** An order COMPANY_ID listed (purchase orders are read only: the run cannot make one), inventory first. */
async function orderOfCompany(ctx: CheckContext): Promise<OrderOfCompany | undefined> {
  const reads = await poSlices(ctx);
  for (const name of backendSlices) {
    // Not one that shows another company's id: that one would make the leak look like the other way round.
    const r = recordsOf(reads[name]).find(
      (x) =>
        orderIdOf(x) && (x.companyId === undefined || x.companyId === null || String(x.companyId) === ctx.companyId),
    );
    if (!r) continue;
    const t = parseDateTime(r.createdDate);
    const w = t === undefined ? undefined : windowAround([t]);
    return {
      id: orderIdOf(r)!,
      createdDate: r.createdDate ?? undefined,
      query: { ...slices[name].query, ...(w ? { createdDateStart: w.start, createdDateEnd: w.end } : {}) },
      note: `listed by ${slices[name].label}`,
    };
  }
  return undefined;
}

/** The same order: same id, and the same createdDate where both show one. */
const same = (r: Rec, o: OrderOfCompany) =>
  orderIdOf(r) === o.id &&
  (o.createdDate === undefined || r.createdDate === undefined || r.createdDate === o.createdDate);

/**
 * §1, §4.6: an order of COMPANY_ID never shows listing OTHER_COMPANY_ID, the list narrowed to its
 * backend and a few days around its creation so that list is read to its end; and it is never
 * returned reading it by id under OTHER_COMPANY_ID (the generic checks add variant purchaseOrders).
 */
export const purchaseOrderTenancy: TenancyProbe = {
  adapter: purchaseOrders,
  needs: { list: [], get: [] },
  record: orderOfCompany,
  async listShows(ctx, companyId, record): Promise<Sighting> {
    const order = record as OrderOfCompany;
    if (companyId === ctx.companyId) {
      const got = await collect(ctx, purchaseOrders, order.query, { companyId, maxPages: 3 });
      const shown = got.ok && got.records.some((r) => same(r, order));
      return { shown, complete: !got.ok || got.complete, responses: got.responses };
    }
    return sightElsewhere(ctx, purchaseOrders, order.query, companyId, (res) =>
      purchaseOrders.records(res).some((r) => same(r, order)),
    );
  },
  // The control of the read by id is the area's own read of that order (po:reads-by-id reads the first order of each slice), where it is the same order.
  async readable(ctx) {
    const order = await orderOfCompany(ctx);
    if (!order) return undefined;
    const read = Object.values(await poReadsById(ctx)).find((r) => 'res' in r && r.id === order.id);
    return read && 'res' in read ? { ...order, ownRead: read.res } : order;
  },
  // §4.6 get finds an order from id and companyId whatever the backend: each backend's id is a form of its own.
  async otherForms(ctx) {
    const first = await orderOfCompany(ctx);
    return ordersReadById(await poReadsById(ctx))
      .filter((r) => r.id !== first?.id)
      .map((r) => ({
        id: r.id,
        note: `read by id (${String(r.record.source ?? 'backend not shown')})`,
        ownRead: r.res,
      }));
  },
};
