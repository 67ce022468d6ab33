import { isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { TenancyProbe, TenantRecord } from '../common/adapter.js';
import { holds, sightElsewhere } from '../common/tenancy.js';
import { inventoryLevels, levelsIn } from './adapter.js';
import { levelList, levelUpdate } from './fixtures.js';

/** An item the company's list shows levels for on its first page (the shared read): listed there, so its absence elsewhere means something. */
async function listedLevel(ctx: CheckContext): Promise<TenantRecord | undefined> {
  const list = await levelList(ctx);
  const itemId = isSuccess(list)
    ? levelsIn(ctx, list.json)
        .map((l) => l.itemId)
        .find(Boolean)
    : undefined;
  return itemId ? { id: itemId, note: 'listed on the first page of its company' } : undefined;
}

/** For the read by id: a stocked part whose level the run set when it may write; else a listed one. */
async function readableLevel(ctx: CheckContext): Promise<TenantRecord | undefined> {
  if (ctx.run.mode === 'full' && ctx.target.locationId) {
    const up = await levelUpdate(ctx);
    // Its read after the update, under its own company, is the get probe's control.
    if (isSuccess(up.put)) return { id: up.items.a, note: 'a level set by the run', ownRead: up.after.a };
  }
  return listedLevel(ctx);
}

/**
 * §1 for inventory levels: the list has no documented filter (§4.4 shows no parameter), so the probe
 * is a level the company's own first page shows (the control, read once for the area), and the
 * other company's list is read to its end, by its reported total, at most 10 pages of 100.
 */
export const inventoryTenancy: TenancyProbe = {
  adapter: inventoryLevels,
  needs: { list: [], get: [] },
  record: listedLevel,
  async listShows(ctx, companyId, record) {
    if (companyId === ctx.companyId) {
      const list = await levelList(ctx);
      return { shown: isSuccess(list) && holds(inventoryLevels, list.json, record), complete: true, responses: [list] };
    }
    return sightElsewhere(ctx, inventoryLevels, {}, companyId, (res) => holds(inventoryLevels, res.json, record), {
      maxPages: 10,
    });
  },
  readable: readableLevel,
};
