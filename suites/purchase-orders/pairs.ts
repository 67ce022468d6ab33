import { parseDateTime } from '../../harness/checks/index.js';
import type { Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import type { Rec } from '../common/adapter.js';
import { bound, PlanError, type Known, type PairRow, type PairwiseScope, type Sent } from '../common/pairwise.js';
import { orderIdOf, purchaseOrders } from './adapter.js';
import { pageAsListing, poDateReads, windowOf } from './date-reads.js';
import { dayWindow, middleDays, windowAround, type DayWindow } from './days.js';
import { dateRule, opaqueRule, sourceRule } from './filters.js';
import {
  backendSlices,
  poSlices,
  recordsOf,
  sampledOrders,
  slices,
  type BackendSlice,
  type SliceName,
} from './reads.js';
import { poSection7, TWIN_PAGE_SIZE, type TwinName } from './section7.js';
import { holdsOthers, pagedWindow, sourceWindow } from './source-windows.js';

const createdOf = (r: Rec) => parseDateTime(r.createdDate);
const updatedOf = (r: Rec) => parseDateTime(r.updatedDate);

/** The row of the §4.6 source table these parameters ask (source, isPartsCatalog), made again from them. */
function sliceSent(p: Sent): SliceName {
  const asked = (q: Record<string, unknown>) =>
    Object.entries(q)
      .map(([k, v]) => `${k}=${String(v)}`)
      .sort()
      .join('&');
  const name = (Object.keys(slices) as SliceName[]).find((n) => asked(slices[n].query) === asked(p));
  if (!name) throw new PlanError(`no row of the §4.6 source table is asked by ${asked(p) || 'no source'}`);
  return name;
}

/** The rules of the rows, each made again from the parameters its exchange sent (pairwise.ts `bound`). */
const source = (name: SliceName) => bound(sourceRule(name), (p) => sourceRule(sliceSent(p)));
const dateBound = (field: 'createdDate' | 'updatedDate', w: DayWindow) =>
  bound(dateRule(field, w), (p) => dateRule(field, dayWindow(p[`${field}Start`]!, p[`${field}End`]!)));
const opaque = (name: string, query: Query) => bound(opaqueRule(name, query), (p) => opaqueRule(name, p));

/** The §7 twins that pair a row of the source table with a parameter whose match no field shows. */
const twinRows: { twin: TwinName; slice: BackendSlice; name: string }[] = [
  { twin: 'knownLocation', slice: 'inventory', name: 'locationId' },
  { twin: 'itemTypeWithInventory', slice: 'inventory', name: 'itemType' },
  { twin: 'itemTypeWithOnlineCatalog', slice: 'onlineCatalog', name: 'itemType' },
  { twin: 'repairOrderWithOrders', slice: 'orders', name: 'repairOrderId' },
];

/**
 * §4.6 GET /purchaseOrders: a row of the source table with each date window, the two windows
 * together, and paging; locationId, itemType and repairOrderId beside a source (what they match
 * is not shown, so there the source must still hold for what comes back). Known records: page 1
 * of every row of the source table (shared).
 *
 *   source × createdDate / × updatedDate window     PO-DATE-FILTERS' reads: orders of other backends
 *                                                   inside the window stay out by the source alone;
 *                                                   full runs: every slice × each date, on a few days
 *                                                   where known orders of other slices lie
 *   source × createdDate × updatedDate windows      both windows from the middle of the sample
 *   source × createdDate window × pages of 3        a few days holding a handful of the slice's orders
 *                                                   (and of others'): one slice the seed picks under
 *                                                   rate limits, every slice in full runs
 *   source × locationId / itemType / repairOrderId  the §7 twins (a first page each)
 */
export const purchaseOrderPairs: PairwiseScope = {
  adapter: purchaseOrders,
  clause: 'PO-FILTERS-COMBINE',
  plainNarrowing: ['source', 'createdDate window'],
  companyBound: ['locationId'],
  async plan(ctx: CheckContext) {
    const [reads, dated, section7] = await Promise.all([
      poSlices(ctx),
      poDateReads(ctx),
      poSection7(ctx).catch(() => undefined),
    ]);
    const known: Known[] = sampledOrders(reads).flatMap((record) => {
      const id = orderIdOf(record);
      return id ? [{ id, record, from: 'page 1 of a row of the source table' }] : [];
    });
    const rows: PairRow[] = dated.reads.map((d) => ({
      label: `${slices[d.slice].label} × ${d.filter.field} window`,
      rules: [source(d.slice), dateBound(d.filter.field, windowOf(d))],
      shared: d.listing,
    }));
    for (const t of twinRows) {
      const sent = section7?.twins[t.twin];
      if (!sent) continue;
      const rest = Object.fromEntries(Object.entries(sent.query).filter(([k]) => !(k in slices[t.slice].query)));
      rows.push({
        label: `${slices[t.slice].label} × ${t.name}`,
        rules: [source(t.slice), opaque(t.name, rest)],
        shared: pageAsListing(sent.res, TWIN_PAGE_SIZE),
      });
    }
    const dates = (name: BackendSlice) =>
      recordsOf(reads[name]).filter((r) => createdOf(r) !== undefined && updatedOf(r) !== undefined && orderIdOf(r));
    const slice = [...backendSlices].sort((a, b) => dates(b).length - dates(a).length)[0]!;
    const everyDated = backendSlices.flatMap(dates);
    const created = middleDays(everyDated.map((r) => createdOf(r)!));
    const updated =
      created && middleDays(everyDated.filter((r) => created.surelyIn(createdOf(r)!)).map((r) => updatedOf(r)!));
    if (created && updated) {
      rows.push({
        label: `${slices[slice].label} × createdDate × updatedDate windows`,
        rules: [source(slice), dateBound('createdDate', created), dateBound('updatedDate', updated)],
        size: 100,
      });
    }
    if (ctx.frugal) {
      // Rate-limited runs: one slice, picked by the seed, is paged (requests per clause must not grow).
      const walkable = backendSlices.filter((n) => dates(n).length >= 6);
      if (walkable.length) {
        const name = seededFaker(ctx.seed, 'pairwise:po-paging').helpers.arrayElement(walkable);
        const times = dates(name)
          .map((r) => createdOf(r)!)
          .sort((a, b) => a - b);
        const mid = Math.floor(times.length / 2);
        rows.push({
          label: `${slices[name].label} × createdDate window × pages of 3`,
          rules: [source(name), dateBound('createdDate', windowAround(times.slice(mid - 2, mid + 2)))],
          size: 3,
        });
      }
      return { known, rows };
    }
    // Full runs: every slice beside each date window, and every slice paged, on windows the known
    // orders choose (source-windows.ts), so what each row proves does not hang on the seed.
    const sampled = known.map((k) => k.record);
    const readAlready = new Set(
      dated.reads
        .filter((d) => holdsOthers(sampled, d.slice, d.filter.field, windowOf(d)))
        .map((d) => `${d.slice} ${d.filter.field}`),
    );
    for (const name of backendSlices) {
      for (const field of ['createdDate', 'updatedDate'] as const) {
        // PO-DATE-FILTERS' read of this pair is a row already, where its window holds orders of other slices.
        if (readAlready.has(`${name} ${field}`)) continue;
        const w = sourceWindow(sampled, name, field);
        if (w)
          rows.push({
            label: `${slices[name].label} × ${field} window`,
            rules: [source(name), dateBound(field, w)],
          });
      }
      const paged = pagedWindow(sampled, name);
      if (paged)
        rows.push({
          label: `${slices[name].label} × createdDate window × pages of 3`,
          rules: [source(name), dateBound('createdDate', paged)],
          size: 3,
        });
    }
    return { known, rows };
  },
};
