import { isSuccess, parseDateTime } from '../../harness/checks/index.js';
import type { PagingScope } from '../common/adapter.js';
import { purchaseOrders } from './adapter.js';
import { windowAround } from './days.js';
import { poListSample } from './reads.js';

/** Orders of the window the walk aims at: a few pages of `size`, so page boundaries are crossed and the end is reached. */
const AIM = 7;

/**
 * §4.6, §8: the combined list (no source) walked with a small page size and a bound on pages.
 * Purchase orders are read only, so the list holds still. Narrowed by the documented
 * createdDate window around a few orders of the shared sample, so the walk can reach the end of
 * the list (and judge the reported total) on a large company too; nothing is expected in it (the
 * date filter is PO-DATE-FILTERS' rule): only what the walk itself shows is judged.
 */
export const purchaseOrderPaging: PagingScope = {
  adapter: purchaseOrders,
  clause: 'PO-PAGING',
  size: 3,
  maxPages: 8,
  async scope(ctx) {
    const sample = await poListSample(ctx);
    await ctx.cite(sample);
    if (!isSuccess(sample)) return { query: {}, expected: [], note: 'the whole list, first pages' };
    const records = purchaseOrders.records(sample);
    if (records.length === 0) return undefined;
    const times = records
      .map((r) => parseDateTime(r.createdDate))
      .filter((t): t is number => t !== undefined)
      .sort((a, b) => b - a);
    if (times.length < AIM) return { query: {}, expected: [], note: 'the whole list' };
    const w = windowAround(times.slice(0, AIM));
    return {
      query: { createdDateStart: w.start, createdDateEnd: w.end },
      expected: [],
      note: `createdDate ${w.start} .. ${w.end}`,
    };
  },
};
