import type { ApiResponse, Query } from '../../harness/client.js';
import { isSuccess, parseDateTime } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { collect, type Listing } from '../common/listing.js';
import { orderIdOf, purchaseOrders } from './adapter.js';
import { dayWindow, middleDays, type DayWindow } from './days.js';
import { backendSlices, poSlices, recordsOf, SAMPLE_SIZE, slices, type BackendSlice } from './reads.js';

export const dateFilters = [
  { field: 'createdDate', start: 'createdDateStart', end: 'createdDateEnd' },
  { field: 'updatedDate', start: 'updatedDateStart', end: 'updatedDateEnd' },
] as const;
export type DateFilter = (typeof dateFilters)[number];

export interface DateRead {
  filter: DateFilter;
  /** The backend slice asked, the one whose sample shows most dates; its dated sample. */
  slice: BackendSlice;
  sample: Rec[];
  /** The window's days; `windowOf` gives back its judges (a shared value holds no functions). */
  window: { start: string; end: string };
  query: Query;
  listing: Listing;
}

/**
 * PO-DATE-FILTERS' reads, once per run: for each date filter, the backend slice whose shared
 * sample shows most dates, narrowed by the middle window of those dates (§4.6: YYYY-MM-DD), read
 * to its end (two pages at most). A filter without three dated orders in one slice is not read.
 */
export function poDateReads(ctx: CheckContext): Promise<{ reads: DateRead[]; unjudged: string[] }> {
  return ctx.shared('po:date-reads', async (s) => {
    const reads = await poSlices(s);
    const unjudged: string[] = [];
    const made = await Promise.all(
      dateFilters.map(async (f): Promise<DateRead | undefined> => {
        const timeOf = (r: Rec) => parseDateTime(r[f.field]);
        const dated = (name: BackendSlice) =>
          recordsOf(reads[name]).filter((r) => timeOf(r) !== undefined && orderIdOf(r));
        const slice = [...backendSlices].sort((a, b) => dated(b).length - dated(a).length)[0]!;
        const sample = dated(slice);
        const window = middleDays(sample.map((r) => timeOf(r)!));
        if (!window) return void unjudged.push(`${FEWER_THAN} orders of one source show ${f.field}`);
        const query = { ...slices[slice].query, [f.start]: window.start, [f.end]: window.end };
        return {
          filter: f,
          slice,
          sample,
          window: { start: window.start, end: window.end },
          query,
          listing: await collect(s, purchaseOrders, query, { size: SAMPLE_SIZE, maxPages: 2 }),
        };
      }),
    );
    return { reads: made.filter((x): x is DateRead => x !== undefined), unjudged };
  });
}

const FEWER_THAN = 'fewer than 3';
/** A reason poDateReads left a filter unread for: the slices hold too few dated orders. */
export const isDataShortage = (reason: string) => reason.startsWith(FEWER_THAN);

export const windowOf = (d: DateRead): DayWindow => dayWindow(d.window.start, d.window.end);

/** A page-1 answer as a listing: whole when its reported total is reached (or it is empty). */
export function pageAsListing(res: ApiResponse, size: number): Listing {
  const records = isSuccess(res) ? purchaseOrders.records(res) : [];
  const total = isSuccess(res) ? purchaseOrders.total(res) : undefined;
  const ids = records.map(orderIdOf).filter((x): x is string => !!x);
  return {
    first: res,
    ok: isSuccess(res),
    responses: [res],
    records,
    ids,
    complete: isSuccess(res) && (records.length === 0 || (total !== undefined && records.length >= total)),
    size,
  };
}
