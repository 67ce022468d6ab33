import { isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { TenancyProbe, TenantRecord } from '../common/adapter.js';
import { sightIn } from '../common/tenancy.js';
import { items } from './adapter.js';
import { itemFixture, itemSample } from './fixtures.js';

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
  listShows: (ctx, companyId, record) =>
    sightIn(ctx, items, companyId, record, { itemNumber: (record as ItemRecord).itemNumber }),
  readable: itemOfCompany,
};
