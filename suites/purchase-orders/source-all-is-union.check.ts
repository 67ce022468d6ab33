import {
  describeResponse,
  isSuccess,
  leftOut,
  parseDateTime,
  unexpectedStatus,
  type Failure,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { fail, verdict } from '../common/judge.js';
import { collect } from '../common/listing.js';
import { orderIdOf, purchaseOrders, showQuery } from './adapter.js';
import { daysBetween, windowAround } from './days.js';
import {
  allReads,
  backendSlices,
  poSlices,
  recordsOf,
  SAMPLE_SIZE,
  slices,
  unionSlices,
  wholeList,
  type SliceReads,
  type UnionSlice,
} from './reads.js';

/** Identity of an order across lists: ids may repeat across backends, so the source goes with it. */
const keyOf = (r: Rec) => `${String(r.source)}|${orderIdOf(r) ?? JSON.stringify(r)}`;
const createdOf = (r: Rec) => parseDateTime(r.createdDate);
/** The widest window the fallback reads: a few weeks keep a narrowed union list short. */
const MAX_WINDOW_DAYS = 31;

interface Judged {
  problems: Failure[];
  /** What was judged: counts and their meaning, each recorded as evidence. */
  seen: [number, string][];
  /** Unions whose "every backend order is in it" half was judged. */
  covered: Set<UnionSlice>;
  /** Orders a union lists that no slice does, per union: recorded only. */
  extra: [string, string[]][];
}

/**
 * Reported totals, when all six lists report one, noted beside each union's: a union's total that is
 * not the sum of the four slices' judges nothing (S-PAGE-totals: totals may be estimated, capped or
 * summed apart; S-CONS-counts-vs-contents), so the records decide.
 */
function noteTotals(ctx: CheckContext, reads: SliceReads): void {
  const names = [...backendSlices, ...unionSlices];
  const totals = names.map((n) => purchaseOrders.total(reads[n]));
  if (totals.some((t) => t === undefined)) return;
  const sum = totals.slice(0, backendSlices.length).reduce<number>((a, b) => a + b!, 0);
  ctx.observe('reported totals (a hint, S-PAGE-totals)', {
    ...Object.fromEntries(names.map((n, i) => [slices[n].label, totals[i]])),
    'sum of the four slices': sum,
  });
}

/** The records read: a union read to its end holds every slice order; slices read to their ends hold every union order. */
function byRecords(reads: SliceReads, j: Judged): void {
  const sliceKeys = new Set(backendSlices.flatMap((b) => recordsOf(reads[b]).map(keyOf)));
  const slicesWhole = backendSlices.every((b) => wholeList(reads[b]));
  for (const u of unionSlices) {
    const unionKeys = new Set(recordsOf(reads[u]).map(keyOf));
    // One way only (S-4.6-merged-order): an order of the union that no slice lists is recorded, never failed.
    if (slicesWhole) {
      const extra = [...unionKeys].filter((k) => !sliceKeys.has(k));
      if (extra.length) j.extra.push([slices[u].label, extra]);
    }
    if (wholeList(reads[u])) {
      j.problems.push(
        ...[...sliceKeys]
          .filter((k) => !unionKeys.has(k))
          .map((k) => leftOut(k, `its backend slice lists it (${slices[u].label})`, reads[u])),
      );
      j.seen.push([sliceKeys.size, `slice orders found in ${slices[u].label}, read to its end`]);
      j.covered.add(u);
    }
  }
}

/**
 * No whole lists: each union narrowed by the documented createdDate window around
 * orders the slices listed (one per backend, close in time), read to its end, must show every
 * slice order surely inside the window.
 */
async function byWindow(ctx: CheckContext, reads: SliceReads, j: Judged, unions: UnionSlice[]): Promise<void> {
  const dated = backendSlices.map((b) => recordsOf(reads[b]).filter((r) => createdOf(r) !== undefined && orderIdOf(r)));
  const newest = Math.max(...dated.flat().map((r) => createdOf(r)!));
  if (!Number.isFinite(newest))
    return void ctx.observe('window', 'no slice order shows createdDate: no window to narrow the union with');
  const near = dated.flatMap((rs) => {
    const closest = [...rs].sort((a, b) => daysBetween(createdOf(a)!, newest) - daysBetween(createdOf(b)!, newest))[0];
    return closest && daysBetween(createdOf(closest)!, newest) <= MAX_WINDOW_DAYS ? [createdOf(closest)!] : [];
  });
  const w = windowAround(near);
  const inside = dated.flat().filter((r) => w.surelyIn(createdOf(r)!));
  for (const u of unions) {
    const query = { ...slices[u].query, createdDateStart: w.start, createdDateEnd: w.end };
    const got = await collect(ctx, purchaseOrders, query, { size: SAMPLE_SIZE, maxPages: 2 });
    await ctx.cite(...got.responses);
    if (!got.ok)
      ctx.inconclusive(
        `precondition: ${showQuery(query)} was refused (${describeResponse(got.first)}); the date filter is PO-DATE-FILTERS' rule`,
      );
    if (!got.complete)
      ctx.inconclusive(`${showQuery(query)} holds more than 2 pages: the union is not read to its end`);
    const listed = new Set(got.records.map(keyOf));
    j.problems.push(
      ...inside
        .filter((r) => !listed.has(keyOf(r)))
        .map((r) =>
          leftOut(
            keyOf(r),
            `it was created ${String(r.createdDate)} and its backend slice lists it (${showQuery(query)})`,
            got.first,
          ),
        ),
    );
    j.seen.push([inside.length, `slice orders created inside ${w.start} .. ${w.end} found in ${showQuery(query)}`]);
    if (inside.length) j.covered.add(u);
  }
}

// §4.6 source table: source=all, and an omitted source, list all three backends combined. Judged
// from the shared page 1 of each row, whatever the page size served and the order (neither is
// shown): records when a list was read to its end, else each union narrowed by a createdDate window
// around orders of the slices. Reported totals are only noted (S-PAGE-totals).
conformance('PO-SOURCE-ALL-UNION', async (ctx: CheckContext) => {
  const reads = await poSlices(ctx);
  await ctx.cite(...allReads(reads));
  for (const b of backendSlices)
    if (!isSuccess(reads[b]))
      ctx.inconclusive(`precondition: ${slices[b].label} was refused (${describeResponse(reads[b])})`);
  for (const u of unionSlices)
    if (!isSuccess(reads[u]))
      fail(`${slices[u].label} was refused`, unexpectedStatus(reads[u], 'a 2xx status', slices[u].label));
  if ([...backendSlices, ...unionSlices].every((n) => recordsOf(reads[n]).length === 0))
    ctx.skip('the company has no purchase orders in any backend');
  const j: Judged = { problems: [], seen: [], covered: new Set(), extra: [] };
  noteTotals(ctx, reads);
  byRecords(reads, j);
  for (const [label, keys] of j.extra) ctx.observe(`orders ${label} lists that no single source does`, keys);
  const uncovered = unionSlices.filter((u) => !j.covered.has(u));
  if (uncovered.length && j.problems.length === 0) await byWindow(ctx, reads, j, uncovered);
  const still = unionSlices.filter((u) => !j.covered.has(u));
  if (j.problems.length === 0 && still.length)
    ctx.inconclusive(
      `whether ${still.map((u) => slices[u].label).join(' and ')} hold every backend's orders could not be shown (lists not read to their ends, no dated orders)`,
    );
  verdict(ctx, j.problems, 'the combined list is not the union of the backends', 0, '');
  for (const [count, what] of j.seen) ctx.saw(count, what);
});
