import type { PagingScope } from '../common/adapter.js';
import { DAY_MS, isoSeconds } from '../common/listing.js';
import { items } from './adapter.js';
import { isSuccess } from '../../harness/checks/index.js';
import { itemFixture } from './fixtures.js';

/**
 * §4.2, §8: walked over the items updated since shortly before the run's create (§4.2
 * updatedDateStart, the window the item fixture waited in), a short list holding the run's own
 * items however many the company has, as far as that listing showed them; read-only, the first
 * pages of the whole list. Archived items are not expected: whether an inactive item stays listed is not shown.
 */
export const itemPaging: PagingScope = {
  adapter: items,
  clause: 'ITEM-PAGING',
  size: 3,
  maxPages: 10,
  async scope(ctx) {
    if (ctx.run.mode !== 'full') return { query: {}, expected: [], note: 'the whole list, first pages' };
    const fx = await itemFixture(ctx);
    // Only items read back by id: one the create reported but nobody can read is ITEM-CREATE-BULK's to judge.
    const shown = new Set(fx.listed?.listing.ids ?? []);
    const expected = (['part', 'tire', 'stocked-a', 'stocked-b', 'unstocked'] as const).flatMap((role) => {
      const read = fx.reads[role];
      return fx.ids[role] && read && isSuccess(read) && shown.has(fx.ids[role]!) ? [fx.ids[role]!] : [];
    });
    const since = isoSeconds(Date.parse(ctx.run.startedAt) - DAY_MS);
    const query = fx.listed?.query ?? { updatedDateStart: since };
    return {
      query,
      expected,
      note: Object.entries(query)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join('&'),
    };
  },
};
