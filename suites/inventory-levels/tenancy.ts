import { isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { TenancyProbe, TenantRecord } from '../common/adapter.js';
import { sightIn } from '../common/tenancy.js';
import { inventoryLevels, levelsIn } from './adapter.js';
import { levelList, levelUpdate } from './fixtures.js';

/** A stocked part whose level the run set when it may write; else an item the list shows levels for. */
async function levelOfCompany(ctx: CheckContext): Promise<TenantRecord | undefined> {
  if (ctx.run.mode === 'full' && ctx.target.locationId) {
    const up = await levelUpdate(ctx);
    if (isSuccess(up.put)) return { id: up.items.a, note: 'a level set by the run' };
  }
  const list = await levelList(ctx);
  const itemId = isSuccess(list) ? levelsIn(ctx, list.json).map((l) => l.itemId).find(Boolean) : undefined;
  return itemId ? { id: itemId, note: 'listed' } : undefined;
}

export const inventoryTenancy: TenancyProbe = {
  adapter: inventoryLevels,
  needs: { list: [], get: [] },
  record: levelOfCompany,
  // No documented filter; paged with size and page as every list is (§8), read to its end (a few pages at most).
  listShows: (ctx, companyId, record) => sightIn(ctx, inventoryLevels, companyId, record, {}),
  readable: levelOfCompany,
};
