import { isSuccess, updatedStampOf } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import { updatedWindowRule, windowAmid, type Window } from '../common/filter-rules.js';
import { DAY_MS } from '../common/listing.js';
import { bound, type Known, type PairRow, type PairwiseScope } from '../common/pairwise.js';
import { aroundWrites, updatedReads } from '../common/updated-reads.js';
import { items } from './adapter.js';
import { itemNumberRule, typeReads, typeRule } from './filters.js';
import { itemFixture, itemSample } from './fixtures.js';
import { itemUpdated } from './updated.js';

/** The rules of the rows, each made again from the parameters its exchange sent (pairwise.ts `bound`). */
const typeOf = (type: string) => bound(typeRule(type), (p) => typeRule(p.type!));
const numberOf = (n: string) => bound(itemNumberRule(n), (p) => itemNumberRule(p.itemNumber!));
// The window's clock (S-TIME-clock-skew) stays with it when rebuilt from what was sent.
const updatedIn = (w: Window) =>
  bound(updatedWindowRule(w), (p) =>
    updatedWindowRule({ start: p.updatedDateStart!, end: p.updatedDateEnd!, skewMs: w.skewMs }),
  );

/** Roles no check archives: whether an inactive item stays listed is not shown. */
const listedRoles = ['part', 'tire', 'stocked-a', 'stocked-b', 'unstocked'] as const;

/**
 * §4.2 GET /items: type, itemNumber and the updated window in pairs, and with paging.
 *
 *   type × itemNumber (own type, another type)   ITEM-FILTER-TYPE's reads: the run's part comes back
 *                                                under its type, the run's other parts stay out by
 *                                                number; under another type it stays out by type
 *   itemNumber × updated window (around, before) ITEM-FILTER-UPDATED's reads: the other items of the
 *                                                run stay out by number; the part, by the window
 *   type × updated window × pages of 3           the run's parts come back, its tire stays out by
 *                                                type, sampled older parts by the window
 *   type × updated window amid the sampled parts the parts updated before it stay out by the start
 *                                                alone, those after it (the run's among them) by the end
 *   itemNumber of a sampled item × window around that older item stays out by the start alone
 */
export const itemPairs: PairwiseScope = {
  adapter: items,
  clause: 'ITEM-FILTERS-COMBINE',
  needs: ['write'],
  plainNarrowing: ['itemNumber'],
  async plan(ctx: CheckContext) {
    const [fx, reads, types, sample] = await Promise.all([
      itemFixture(ctx),
      updatedReads(ctx, itemUpdated),
      typeReads(ctx).catch(() => undefined),
      itemSample(ctx),
    ]);
    const pool = new Map<string, Known>();
    const add = (k: Known) => void (pool.has(k.id) || pool.set(k.id, k));
    for (const role of listedRoles) {
      const [id, read] = [fx.ids[role], fx.reads[role]];
      const record = id && read && isSuccess(read) ? items.recordIn(read, id) : undefined;
      if (id && record) add({ id, record, from: 'created by the run', writtenAt: fx.writtenAt });
    }
    for (const record of isSuccess(sample) ? items.records(sample) : []) {
      const id = items.idOf(record);
      if (id) add({ id, record, from: 'the sample' });
    }
    const rows: PairRow[] = [];
    for (const t of (types?.reads ?? []).filter((r) => r.item.own)) {
      const n = numberOf(t.item.itemNumber);
      rows.push(
        {
          label: `type × itemNumber of the run's ${t.item.type}`,
          rules: [typeOf(t.item.type), n],
          shared: t.own.listing,
        },
        {
          label: `another type × itemNumber of the run's ${t.item.type}`,
          rules: [typeOf(t.foreign.type), n],
          shared: t.foreign.listing,
        },
      );
    }
    const part = fx.ids.part ? fx.inputs.part : undefined;
    if (reads && part) {
      const n = numberOf(part.itemNumber);
      rows.push(
        {
          label: 'itemNumber × updated window around the run',
          rules: [n, updatedIn(reads.recent.window)],
          shared: reads.recent.listing,
        },
        {
          label: 'itemNumber × updated window before the run',
          rules: [n, updatedIn(reads.old.window)],
          shared: reads.old.listing,
        },
      );
    }
    const around = aroundWrites(ctx, reads);
    const sampled = [...pool.values()].filter((k) => k.from === 'the sample');
    // type beside both bounds: the sampled parts updated before and after a window amid them stay out by one bound each.
    const amid = windowAmid(sampled.filter((k) => k.record.itemType === 'part').map((k) => k.record));
    if (amid)
      rows.push({
        label: 'type × updated window amid the sampled parts',
        rules: [typeOf('part'), updatedIn(amid)],
      });
    // itemNumber beside the window's start: a sampled item last updated before the run stays out by the start alone.
    const older = sampled.find(
      (k) =>
        typeof k.record.itemNumber === 'string' &&
        (updatedStampOf(k.record) ?? Infinity) < Date.parse(around.start) - DAY_MS,
    );
    if (older)
      rows.push({
        label: 'itemNumber of a sampled item × updated window around the run',
        rules: [numberOf(older.record.itemNumber as string), updatedIn(around)],
        size: 10,
      });
    // The fixture waited until the updated window showed its items: read once, at whatever page they sit.
    rows.push({
      label: 'type × updated window around the run × pages of 3',
      rules: [typeOf('part'), updatedIn(around)],
      size: 3,
    });
    return { known: [...pool.values()], rows };
  },
};
