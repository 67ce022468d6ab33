import { isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { TenancyProbe, TenantRecord } from '../common/adapter.js';
import { holds } from '../common/tenancy.js';
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
  // The list takes no documented filter or paging: one answer is the whole list unless it reports more.
  async listShows(ctx, companyId, record) {
    const res = await inventoryLevels.list(ctx, {}, companyId);
    const total = isSuccess(res) ? inventoryLevels.total(res) : undefined;
    const complete = !isSuccess(res) || total === undefined || total <= inventoryLevels.records(res).length;
    return { shown: isSuccess(res) && holds(inventoryLevels, res.json, record), complete, responses: [res] };
  },
  readable: levelOfCompany,
};
