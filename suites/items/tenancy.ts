import { isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { TenancyProbe, TenantRecord } from '../common/adapter.js';
import { holds, sightIn } from '../common/tenancy.js';
import { items } from './adapter.js';
import { itemFixture, itemSample, partByNumber } from './fixtures.js';

interface ItemRecord extends TenantRecord {
  itemNumber: string;
}

/** The run's part when it may write; else a listed item with its number, for the documented itemNumber filter. */
async function itemOfCompany(ctx: CheckContext): Promise<ItemRecord | undefined> {
  if (ctx.run.mode === 'full') {
    const fx = await itemFixture(ctx);
    if (fx.ids.part)
      return {
        id: fx.ids.part,
        term: fx.inputs.part.itemNumber,
        itemNumber: fx.inputs.part.itemNumber,
        note: 'created by the run',
        own: true,
        writtenAt: fx.writtenAt,
        ownRead: fx.reads.part,
      };
  }
  const sample = await itemSample(ctx);
  const r = isSuccess(sample)
    ? items.records(sample).find((x) => items.idOf(x) && typeof x.itemNumber === 'string')
    : undefined;
  return r ? { id: items.idOf(r)!, itemNumber: String(r.itemNumber), note: 'listed' } : undefined;
}

export const itemTenancy: TenancyProbe = {
  adapter: items,
  needs: { list: [], get: [] },
  record: itemOfCompany,
  async listShows(ctx, companyId, record) {
    const r = record as ItemRecord;
    // The control of the run's part is the listing by its number ITEM-FILTER-ITEMNUMBER judges: read once.
    const byNumber = r.own && companyId === ctx.companyId ? await partByNumber(ctx) : undefined;
    if (byNumber?.id === r.id) {
      const l = byNumber.listing;
      const shown = l.ok && l.responses.some((res) => isSuccess(res) && holds(items, res.json, r));
      return { shown, complete: !l.ok || l.complete, responses: l.responses };
    }
    return sightIn(ctx, items, companyId, r, { itemNumber: r.itemNumber });
  },
  readable: itemOfCompany,
};
