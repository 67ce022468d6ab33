/** Generic paging invariants (§8: size and page, page 1 first), reusable for every paged list. */

export interface WalkedPage {
  page: number;
  ids: string[];
  /** Total the server reported on this page, if any. */
  total?: number;
  /** Sort values of the page's records, for order checks across pages. */
  values?: unknown[];
}

export interface PagingWalk {
  size: number;
  pages: WalkedPage[];
  /** The page requested after the last non-empty one. */
  pastEnd: WalkedPage;
}

/** Records that appear on more than one page, or twice on one page. */
export function repeatedRecords(walk: PagingWalk): string[] {
  const seen = new Map<string, number>();
  const repeated: string[] = [];
  for (const p of walk.pages)
    for (const id of p.ids) {
      if (seen.has(id)) repeated.push(`${id} on page ${seen.get(id)} and page ${p.page}`);
      else seen.set(id, p.page);
    }
  return repeated;
}

/** Pages holding more records than `size`. */
export function oversizedPages(walk: PagingWalk): string[] {
  return walk.pages.filter((p) => p.ids.length > walk.size).map((p) => `page ${p.page} holds ${p.ids.length} records with size=${walk.size}`);
}

/** A mismatch between the records walked and the total reported, when a total is reported. */
export function totalMismatch(walk: PagingWalk): string[] {
  const total = walk.pages.find((p) => p.total !== undefined)?.total;
  if (total === undefined) return [];
  const count = walk.pages.reduce((n, p) => n + p.ids.length, 0);
  return count === total ? [] : [`walked ${count} records but the reported total is ${total}`];
}

/**
 * Whether a page ends a list when the server may serve fewer records per page than asked (the
 * maximum page size is not shown, §8): an empty page does, and so does a page shorter than the
 * first; a short first page may be the server's own maximum, so only the next page can tell.
 */
export function endsList(page: number, count: number, firstPageCount: number): boolean {
  return count === 0 || (page > 1 && count < firstPageCount);
}

/** Records on the page past the last. */
export function nonEmptyPastEnd(walk: PagingWalk): string[] {
  return walk.pastEnd.ids.length ? [`page ${walk.pastEnd.page}, past the last, holds ${walk.pastEnd.ids.length} records`] : [];
}

/** Adjacent pairs out of order under a comparator, across page boundaries. */
export function orderBreaks<T>(values: readonly T[], compare: (a: T, b: T) => number, show: (v: T) => string = String): string[] {
  const out: string[] = [];
  for (let i = 1; i < values.length; i++) {
    if (compare(values[i - 1]!, values[i]!) > 0) out.push(`position ${i}: ${show(values[i - 1]!)} before ${show(values[i]!)}`);
  }
  return out;
}

/**
 * Walks pages 1..n until the list ends (endsList, or the reported total is reached at the first
 * page's length: a server may serve fewer per page than asked, §8), then asks for the page past
 * the end. Stops at maxPages (a live target may hold more data than a check should read).
 * With `parallel` > 1, pages are asked in batches: a shorter walk leaves concurrent writers less
 * time to move records between pages.
 */
export async function walkPages(
  size: number,
  fetchPage: (page: number) => Promise<WalkedPage>,
  maxPages = 50,
  parallel = 1,
): Promise<PagingWalk & { truncated: boolean }> {
  const pages: WalkedPage[] = [];
  const fetched = new Map<number, WalkedPage>();
  const get = async (page: number) => {
    if (!fetched.has(page)) {
      const batch = Array.from({ length: Math.max(1, parallel) }, (_, i) => page + i).filter((n) => n <= maxPages + 1);
      (await Promise.all(batch.map(fetchPage))).forEach((p, i) => fetched.set(batch[i]!, p));
    }
    return fetched.get(page)!;
  };
  let page = 1;
  for (; page <= maxPages; page++) {
    const p = await get(page);
    if (p.ids.length === 0) return { size, pages, pastEnd: p, truncated: false };
    pages.push(p);
    const perPage = Math.min(size, pages[0]!.ids.length);
    if (endsList(page, p.ids.length, pages[0]!.ids.length) || (p.total !== undefined && page * perPage >= p.total)) break;
  }
  if (page > maxPages) return { size, pages, pastEnd: { page, ids: [] }, truncated: true };
  const pastEnd = fetched.get(page + 1) ?? (await fetchPage(page + 1));
  return { size, pages, pastEnd, truncated: false };
}

export interface StableWalk {
  walk: PagingWalk & { truncated: boolean };
  /** False when no two consecutive walks agreed: the data moved under the check. */
  stable: boolean;
  walks: number;
}

const walkSignature = (w: PagingWalk) => JSON.stringify([w.pages.map((p) => [p.ids, p.total, p.values]), w.pastEnd.ids]);

/**
 * Walks the pages again until two consecutive walks agree, so records created by concurrent
 * checks (or other writers on a live target) are not mistaken for paging faults. A faulty server
 * repeats its fault on every walk; moving data does not repeat itself.
 */
export async function walkUntilStable(
  size: number,
  fetchPage: (page: number) => Promise<WalkedPage>,
  opts: { maxPages?: number; attempts?: number; parallel?: number; pauseMs?: number; signature?: (w: PagingWalk) => string } = {},
): Promise<StableWalk> {
  const signature = opts.signature ?? walkSignature;
  const attempts = Math.max(2, opts.attempts ?? 3);
  const walk = () => walkPages(size, fetchPage, opts.maxPages, opts.parallel);
  let previous = await walk();
  for (let n = 2; n <= attempts; n++) {
    // After a disagreement, wait (longer each time) for a quiet moment before walking again.
    if (n > 2 && opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs! * 2 ** (n - 3)));
    const next = await walk();
    if (signature(next) === signature(previous)) return { walk: next, stable: true, walks: n };
    previous = next;
  }
  return { walk: previous, stable: false, walks: attempts };
}

/** The sort values of every walked page, in walk order (pages must carry `values`). */
export const walkedValues = (walk: PagingWalk): unknown[] => walk.pages.flatMap((p) => p.values ?? []);

/**
 * Compares two sort values without assuming a collation: positive only when `a` sorts after `b`
 * under every usual order (numeric; binary, case-folded and locale string order). Values of
 * different kinds, and empty values, never count as out of order (their placement is not shown).
 */
export function compareLoosely(a: unknown, b: unknown): number {
  if (a === null || a === undefined || b === null || b === undefined || a === '' || b === '') return 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') {
    const binary = a < b ? -1 : a > b ? 1 : 0;
    const [la, lb] = [a.toLowerCase(), b.toLowerCase()];
    const folded = la < lb ? -1 : la > lb ? 1 : 0;
    const locale = a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
    return binary > 0 && folded > 0 && locale > 0 ? 1 : Math.min(binary, folded, locale, 0);
  }
  return 0;
}
