import type { ApiResponse, Query } from '../client.js';
import { isSuccess } from '../checks/http.js';
import { walkPages } from '../checks/paging.js';
import type { Rec } from './shapes.js';

/** A list read page by page until it ends (or a bound): what was read, and whether it reached the end. */
export interface Listing {
  /** The first page's answer: a refused first page means the list itself was refused. */
  first: ApiResponse;
  ok: boolean;
  /** Every answer read, in order (a page refused for its size included). */
  responses: ApiResponse[];
  records: Rec[];
  /** Ids of the records that show one. */
  ids: string[];
  /** True when the pages read reach the end of the list: only then does an absence prove anything. */
  complete: boolean;
  /** The page size the pages were read with (smaller than asked when the server refused the size). */
  size: number;
  /** When the first page was asked and the last one answered (Date.now()): a record written later cannot be expected in it. */
  readFrom?: number;
  readTo?: number;
}

/** How a walk reads a list answer (a ResourceAdapter fits). */
export interface ListReader {
  records(res: ApiResponse): Rec[];
  total(res: ApiResponse): number | undefined;
  idOf(record: Rec): string | undefined;
}

/**
 * A smaller page size when page 1 was refused for its size (§8: the maximum is not shown; a server
 * may refuse a larger size instead of serving fewer): the largest number below the size asked that
 * the refusal names, else 20. Undefined when the refusal is not about the size.
 */
export function smallerSize(res: ApiResponse, asked: number): number | undefined {
  if ((res.status !== 400 && res.status !== 422) || !/size/i.test(res.text)) return undefined;
  const named = [...res.text.matchAll(/\d+/g)].map((m) => Number(m[0])).filter((n) => n >= 1 && n < asked);
  const size = named.length ? Math.max(...named) : 20;
  return size < asked ? size : undefined;
}

/**
 * Every page of a list query until the list ends, by the paging walk's rule (walkPages: the reported
 * total reached, a short or empty page, or a page past the last refused or repeated), at most
 * `maxPages`. A first page refused for its size is asked again with the size the server names.
 */
export async function walkList(
  fetch: (query: Query) => Promise<ApiResponse>,
  reader: ListReader,
  query: Query,
  o: { size?: number; maxPages?: number } = {},
): Promise<Listing> {
  let size = o.size ?? 100;
  const readFrom = Date.now();
  const read = new Map<number, { res: ApiResponse; batch: Rec[] }>();
  const refusedForSize: ApiResponse[] = [];
  const walk = await walkPages(
    size,
    async (page) => {
      let res = await fetch({ ...query, size, page });
      const smaller = page === 1 ? smallerSize(res, size) : undefined;
      if (smaller) {
        refusedForSize.push(res);
        size = smaller;
        res = await fetch({ ...query, size, page });
      }
      const batch = isSuccess(res) ? reader.records(res) : [];
      read.set(page, { res, batch });
      // A record without an id is told apart by its content, so a repeated last page is still seen.
      const ids = batch.map((r) => reader.idOf(r) ?? JSON.stringify(r));
      return isSuccess(res) ? { page, ids, total: reader.total(res) } : { page, ids, refused: res.status };
    },
    o.maxPages ?? 3,
  );
  const pages = [...read.keys()].sort((a, b) => a - b);
  const responses = [...refusedForSize, ...pages.map((n) => read.get(n)!.res)];
  const first = read.get(1)!.res;
  const readTo = Date.now();
  if (!isSuccess(first))
    return { first, ok: false, responses, records: [], ids: [], complete: false, size, readFrom, readTo };
  // The pages the walk kept: a page that ended the list (empty, refused, the last one again) adds nothing.
  const records = walk.pages.flatMap((p) => read.get(p.page)!.batch);
  const ids = records.map((r) => reader.idOf(r)).filter((x): x is string => !!x);
  return { first, ok: true, responses, records, ids, complete: walk.end !== 'truncated', size, readFrom, readTo };
}

/**
 * A long list read from both ends, for a record that is new: page 1 (which reports the total), then
 * the last page, page 2, the one before the last… (new records usually sit at one end, whichever
 * order the server keeps; §8 shows none), at most `maxPages`, stopping once `enough` holds. Complete
 * when every page was read. Without a reported total it is read forward.
 */
export async function walkEnds(
  fetch: (query: Query) => Promise<ApiResponse>,
  reader: ListReader,
  query: Query,
  o: { size?: number; maxPages?: number; enough?: (records: readonly Rec[]) => boolean } = {},
): Promise<Listing> {
  const maxPages = o.maxPages ?? 5;
  const first = await walkList(fetch, reader, query, { size: o.size, maxPages: 1 });
  if (!first.ok || first.complete || o.enough?.(first.records)) return first;
  const total = reader.total(first.first);
  const perPage = first.records.length;
  if (total === undefined || perPage === 0) return walkList(fetch, reader, query, { size: first.size, maxPages });
  const last = Math.ceil(total / perPage);
  const order: number[] = [];
  for (let lo = 2, hi = last; lo <= hi && order.length < maxPages - 1;) {
    order.push(hi--);
    if (lo <= hi && order.length < maxPages - 1) order.push(lo++);
  }
  const responses = [...first.responses];
  const records = [...first.records];
  const seen = new Set(records.map((r) => reader.idOf(r) ?? JSON.stringify(r)));
  let read = 1;
  for (const page of order) {
    if (o.enough?.(records)) break;
    const res = await fetch({ ...query, size: first.size, page });
    responses.push(res);
    if (!isSuccess(res)) continue;
    read += 1;
    for (const r of reader.records(res)) {
      const key = reader.idOf(r) ?? JSON.stringify(r);
      if (!seen.has(key)) (seen.add(key), records.push(r));
    }
  }
  const ids = records.map((r) => reader.idOf(r)).filter((x): x is string => !!x);
  return { ...first, responses, records, ids, complete: read >= last || records.length >= total };
}
