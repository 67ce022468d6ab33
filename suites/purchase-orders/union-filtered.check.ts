import { describeResponse, filterVerdict, isSuccess, parseDateTime } from '../../harness/checks/index.js';
import type { Query } from '../../harness/client.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import type { Rec } from '../common/adapter.js';
import { answerOf, judgeFilter, type JudgedCase as Case } from '../common/judge.js';
import { collect, type Listing } from '../common/listing.js';
import { orderIdOf, purchaseOrders, showQuery } from './adapter.js';
import { dateFilters } from './date-reads.js';
import { quantileDays, type DayWindow } from './days.js';
import {
  allReads,
  backendSlices,
  poSlices,
  sampledOrders,
  SAMPLE_SIZE,
  slices,
  unionSlices,
  type BackendSlice,
  type UnionSlice,
} from './reads.js';
import { ITEM_TYPE, poSection7 } from './section7.js';

/** An order across lists: ids may repeat across backends, so its source goes with it. */
const keyOf = (r: Rec) => `${String(r.source)}|${orderIdOf(r) ?? JSON.stringify(r)}`;
const backends = ['inventory', 'online', 'orders'] as const;

/** A union read with a filter: the query, the listing, or why it was not judged. */
interface Read {
  label: string;
  query: Query;
  listing: Listing;
}

const read = async (ctx: CheckContext, label: string, query: Query): Promise<Read> => ({
  label,
  query,
  listing: await collect(ctx, purchaseOrders, query, { size: SAMPLE_SIZE, maxPages: 3 }),
});

/**
 * A date window on a union: per backend (by the source each order shows), its sampled orders
 * surely inside come back, those surely outside stay out, and no listed order of it shows a date
 * surely outside. One case per backend, so each backend has to show the filter on its own.
 */
function dateCases(
  r: Read,
  field: 'createdDate' | 'updatedDate',
  w: DayWindow,
  known: readonly Rec[],
): { cases: Case[]; proven: string[] } {
  const timeOf = (x: Rec) => parseDateTime(x[field]);
  const shows = (x: Rec) => `${keyOf(x)} with ${field} ${JSON.stringify(x[field])}`;
  const returned = r.listing.records.map(keyOf);
  const res = answerOf(r.listing);
  const cases = backends.map((b): Case => {
    const mine = known.filter((x) => x.source === b && timeOf(x) !== undefined);
    const listed = r.listing.records.filter((x) => x.source === b && timeOf(x) !== undefined);
    return {
      expected: mine
        .filter((x) => w.surelyIn(timeOf(x)!))
        .map((x) => ({ id: keyOf(x), why: `its backend's page shows it ${shows(x)}` })),
      excluded: mine
        .filter((x) => w.surelyOut(timeOf(x)!))
        .map((x) => ({
          id: keyOf(x),
          why: `its backend's page shows it ${shows(x)}: the ${b} backend was not filtered (${r.label})`,
        })),
      returned,
      complete: r.listing.complete,
      mismatched: listed
        .filter((x) => w.surelyOut(timeOf(x)!))
        .map((x) => ({ id: keyOf(x), message: `${r.label} listed ${shows(x)}: the ${b} backend was not filtered` })),
      judgedRecords: listed.length,
      othersExist: mine.some((x) => w.surelyOut(timeOf(x)!)),
      res,
    };
  });
  return { cases, proven: backends.filter((_, i) => filterVerdict(cases[i]!).negatives > 0) };
}

/** Whether an order shows, by its source and channel, that it belongs to a backend slice. */
const belongsTo = (slice: BackendSlice, r: Rec): boolean => {
  const v = slices[slice].judge!(r);
  return 'belongs' in v && v.belongs;
};

/**
 * A parameter whose match no field shows (locationId, itemType, repairOrderId), on a union and on
 * each backend slice §7 lets it go with: the union's orders of that slice are the slice's, and
 * the slice's are in the union (each half judged where its list was read to the end).
 */
function sliceCases(union: Read, perSlice: { slice: BackendSlice; read: Read }[]): Case[] {
  return perSlice.map(({ slice, read: r }): Case => {
    const ofSlice = union.listing.records.filter((x) => belongsTo(slice, x));
    const sliceKeys = new Set(r.listing.records.map(keyOf));
    return {
      expected: r.listing.records.map((x) => ({ id: keyOf(x), why: `${showQuery(r.query)} lists it` })),
      excluded: [],
      returned: union.listing.records.map(keyOf),
      complete: union.listing.complete,
      mismatched: r.listing.complete
        ? ofSlice
            .filter((x) => !sliceKeys.has(keyOf(x)))
            .map((x) => ({
              id: keyOf(x),
              message: `${union.label} lists ${keyOf(x)} of ${slices[slice].label}, which ${showQuery(r.query)} does not`,
            }))
        : [],
      res: answerOf(union.listing),
    };
  });
}

// §4.6 source table: source=all, and an omitted source, combine the three backends; sent with a
// filter the spec allows with them (§7 refuses only isPartsCatalog there), the filter applies to
// every backend's orders. Date windows (documented fields, §2.6) are judged per backend on what
// each backend's page of the source table shows; locationId, itemType and repairOrderId, whose
// match no field shows, are judged against the same filter on each backend slice §7 allows it
// with (without rate limits only: five reads for locationId). Under limits one union and one
// date filter a run, chosen with the seed.
conformance('PO-UNION-FILTERED', async (ctx: CheckContext) => {
  const reads = await poSlices(ctx);
  await ctx.cite(...allReads(reads));
  for (const u of unionSlices)
    if (!isSuccess(reads[u]))
      ctx.inconclusive(
        `precondition: ${slices[u].label} was refused (${describeResponse(reads[u])}); PO-SOURCE-ALL-UNION judges that`,
      );
  const known = sampledOrders(reads).filter((r) => orderIdOf(r));
  if (!known.length) ctx.skip('the company has no purchase orders in any backend');
  const dateRows = unionSlices.flatMap((u) => dateFilters.map((f) => ({ u, f })));
  const chosen = ctx.frugal ? [seededFaker(ctx.seed, 'po-union-filtered').helpers.arrayElement(dateRows)] : dateRows;
  const cases: Case[] = [];
  const proven = new Set<string>();
  const refused: string[] = [];
  const windows: string[] = [];
  for (const { u, f } of chosen) {
    // The middle fifth of the dates the pages show: each backend has orders on both sides, and the union stays short.
    const w = quantileDays(
      known.map((r) => parseDateTime(r[f.field])).filter((t): t is number => t !== undefined),
      0.4,
      0.6,
    );
    if (!w) continue;
    const r = await read(ctx, `${slices[u].label} with ${f.field} ${w.start} .. ${w.end}`, {
      ...slices[u].query,
      [f.start]: w.start,
      [f.end]: w.end,
    });
    await ctx.cite(...r.listing.responses);
    windows.push(showQuery(r.query));
    if (!r.listing.ok) refused.push(`${showQuery(r.query)}: ${describeResponse(r.listing.first)}`);
    else {
      const judged = dateCases(r, f.field, w, known);
      cases.push(...judged.cases);
      judged.proven.forEach((b) => proven.add(b));
    }
  }
  if (!ctx.frugal) cases.push(...(await opaqueFilters(ctx, refused)));
  ctx.observe('unions read', windows);
  if (refused.length) ctx.observe('filtered unions refused (not judged)', refused);
  const unproven = backends.filter((b) => known.some((r) => r.source === b) && !proven.has(b));
  if (unproven.length) ctx.observe('backends not shown filtered', unproven);
  if (!cases.length)
    ctx.inconclusive(`no filtered union could be judged${refused.length ? `: ${refused.join('; ')}` : ''}`);
  judgeFilter(ctx, 'the combined purchase-order list with a filter', ...cases);
  ctx.saw(proven.size, `backends shown filtered in the union (${[...proven].join(', ')})`);
});

/** locationId, itemType and repairOrderId on source=all against the backend slices §7 allows each with. */
async function opaqueFilters(ctx: CheckContext, refused: string[]): Promise<Case[]> {
  const set = await poSection7(ctx).catch(() => undefined);
  const location = ctx.target.locationId;
  const repairOrder = set?.repairOrder.known ? set.repairOrder.id : undefined;
  const filters: { name: string; query: Query; slices: readonly BackendSlice[] }[] = [
    ...(location
      ? [{ name: 'locationId', query: { [ctx.profile.purchaseOrders.locationParam]: location }, slices: backendSlices }]
      : []),
    { name: 'itemType', query: { itemType: ITEM_TYPE }, slices: ['inventory', 'onlineCatalog'] as const },
    ...(repairOrder
      ? [{ name: 'repairOrderId', query: { repairOrderId: repairOrder }, slices: ['orders'] as const }]
      : []),
  ];
  const cases: Case[] = [];
  for (const f of filters) {
    const [union, ...perSlice] = await Promise.all([
      read(ctx, `source=all with ${showQuery(f.query)}`, { source: 'all', ...f.query }),
      ...f.slices.map((s) =>
        read(ctx, `${slices[s].label} with ${showQuery(f.query)}`, { ...slices[s].query, ...f.query }),
      ),
    ]);
    await ctx.cite(...union!.listing.responses, ...perSlice.flatMap((r) => r.listing.responses));
    const notAnswered = [union!, ...perSlice].filter((r) => !r.listing.ok);
    if (notAnswered.length) {
      refused.push(...notAnswered.map((r) => `${showQuery(r.query)}: ${describeResponse(r.listing.first)}`));
      continue;
    }
    cases.push(
      ...sliceCases(
        union!,
        perSlice.map((r, i) => ({ slice: f.slices[i]!, read: r })),
      ),
    );
  }
  return cases;
}
