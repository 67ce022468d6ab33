import type { Failure } from '../core/outcome.js';

/**
 * Generic paging invariants (§8: size and page), reusable for every paged list. Pages are counted
 * from 1 here; the adapters send each list's own base (S-PAGE-base, suites/common/page-base.ts).
 */

export interface WalkedPage {
  page: number;
  ids: string[];
  /** Total the server reported on this page, if any. */
  total?: number;
  /** Sort values of the page's records, for order checks across pages. */
  values?: unknown[];
  /** Set when the server refused the page with a 4xx: past the end, that is one of its choices. */
  refused?: number;
  /** The recorded exchange that served the page, so a failure can name it. */
  exchange?: string;
}

/**
 * How a walk ended. Past the last page the server may answer an empty page, a 4xx, or the last
 * page again (§8 does not say which), so each of those ends the list; `total` and `short` end it
 * without asking further.
 */
export type WalkEnd = 'total' | 'short' | 'empty' | 'refused' | 'repeated' | 'truncated';

export interface PagingWalk {
  size: number;
  pages: WalkedPage[];
  end: WalkEnd;
}

const exchangeOf = (p: WalkedPage | undefined) => (p?.exchange ? { exchange: p.exchange } : {});

/** Records that appear on more than one page, or twice on one page: the two pages disagree. */
export function repeatedRecords(walk: PagingWalk): Failure[] {
  const seen = new Map<string, WalkedPage>();
  const repeated: Failure[] = [];
  for (const p of walk.pages)
    for (const id of p.ids) {
      const first = seen.get(id);
      if (first)
        repeated.push({
          kind: 'inconsistency',
          message: `${id} on page ${first.page} and page ${p.page}`,
          what: 'a record on two pages',
          expected: `${id} on one page only`,
          actual: `pages ${first.page} and ${p.page}`,
          ...exchangeOf(p),
          ...(first.exchange && first.exchange !== p.exchange ? { other: first.exchange } : {}),
        });
      else seen.set(id, p);
    }
  return repeated;
}

/** Pages holding more records than `size`. */
export function oversizedPages(walk: PagingWalk): Failure[] {
  return walk.pages
    .filter((p) => p.ids.length > walk.size)
    .map((p) => ({
      kind: 'field-mismatch',
      field: 'records on the page',
      message: `page ${p.page} holds ${p.ids.length} records with size=${walk.size}`,
      expected: `at most ${walk.size}`,
      actual: p.ids.length,
      ...exchangeOf(p),
    }));
}

/**
 * What the reported total says beside the records a walk met, in words: never a failure. A total
 * may be estimated, capped, cached or counted apart from the page (S-PAGE-totals,
 * S-CONS-counts-vs-contents), so it is only a hint of where a list ends; a disagreement is noted.
 */
export function totalNotes(walk: PagingWalk): string[] {
  const total = walk.pages.findLast((p) => p.total !== undefined)?.total;
  if (total === undefined) return [];
  const count = walk.pages.reduce((n, p) => n + p.ids.length, 0);
  if (walk.end === 'truncated')
    return count > total
      ? [`met ${count} records on pages cut short of the end, above the reported total of ${total}`]
      : [];
  return count === total ? [] : [`walked ${count} records to the end of the list; the reported total is ${total}`];
}

/**
 * Pages before the last holding fewer records than the list serves a page (the most any page of the
 * walk held, at most the size asked: a cap of the server's own is a choice, S-8-max-page-size), with
 * the list going on after them: offsets that move by more than a page serves, or a page cut before a
 * filter was applied, leave records out. Only a walk that read on past such a page (walkPages, on its
 * total's hint) holds one.
 */
export function shortPages(walk: PagingWalk): Failure[] {
  const serves = Math.min(walk.size, Math.max(0, ...walk.pages.map((p) => p.ids.length)));
  return walk.pages.slice(0, -1).flatMap((p) =>
    p.ids.length < serves
      ? [
          {
            kind: 'field-mismatch' as const,
            field: 'records on the page',
            message: `page ${p.page} holds ${p.ids.length} record(s) while the list serves pages of ${serves} and goes on after it`,
            expected: serves,
            actual: p.ids.length,
            ...exchangeOf(p),
          },
        ]
      : [],
  );
}

/** Records the caller knows are in the list (it made them) that the walk never met. */
export function missingRecords(walk: PagingWalk, expected: readonly string[]): Failure[] {
  if (walk.end === 'truncated') return [];
  const seen = new Set(walk.pages.flatMap((p) => p.ids));
  return expected
    .filter((id) => !seen.has(id))
    .map((id) => ({
      kind: 'record-left-out',
      id,
      message: `${id} is in the list but no page held it`,
      expected: id,
      actual: 'absent',
      ...exchangeOf(walk.pages.at(-1)),
    }));
}

/** Every paging invariant of a walk, each a typed failure naming the page that shows it. */
export function pagingFailures(walk: PagingWalk, expected: readonly string[] = []): Failure[] {
  return [...repeatedRecords(walk), ...oversizedPages(walk), ...shortPages(walk), ...missingRecords(walk, expected)];
}

/** Every paging invariant of a walk, in words. */
export function pagingViolations(walk: PagingWalk, expected: readonly string[] = []): string[] {
  return pagingFailures(walk, expected).map((f) => f.message);
}

/**
 * Whether a page ends a list when the server may serve fewer records per page than asked (the
 * maximum page size is not shown, §8): an empty page does, and so does a page shorter than the
 * first; a short first page may be the server's own maximum, so only the next page can tell.
 */
export function endsList(page: number, count: number, firstPageCount: number): boolean {
  return count === 0 || (page > 1 && count < firstPageCount);
}

/** Pages read past a seeming end, while the total hints at more, for one that goes on. */
const LOOK_AHEAD = 1;

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** Adjacent pairs out of order under a comparator, across page boundaries. */
export function orderBreaks<T>(
  values: readonly T[],
  compare: (a: T, b: T) => number,
  show: (v: T) => string = String,
): string[] {
  const out: string[] = [];
  for (let i = 1; i < values.length; i++) {
    if (compare(values[i - 1]!, values[i]!) > 0)
      out.push(`position ${i}: ${show(values[i - 1]!)} before ${show(values[i]!)}`);
  }
  return out;
}

/**
 * Walks pages 1..n until the list ends: the reported total is reached (unless `pastTotal`: a total
 * is only a hint, S-PAGE-totals), a page is shorter than the first (endsList), or the page past the
 * last is empty, refused or the last one again. Where such an end comes before the total the pages
 * report, the hint says the list goes on: the next page is read once, and if it holds records not
 * met yet the end was not one (a page cut short, a page served twice), so the walk keeps that page
 * and goes on; shortPages and repeatedRecords then judge what it kept. A refused first page throws
 * nothing here: the caller's fetchPage decides what a refusal of page 1 means (it is the list itself
 * failing). Stops at maxPages (a live target may hold more data than a check should read);
 * `parallel` > 1 asks pages in batches.
 */
export async function walkPages(
  size: number,
  fetchPage: (page: number) => Promise<WalkedPage>,
  maxPages = 50,
  parallel = 1,
  pastTotal = false,
): Promise<PagingWalk> {
  const pages: WalkedPage[] = [];
  const fetched = new Map<number, Promise<WalkedPage>>();
  const get = (page: number): Promise<WalkedPage> => {
    if (!fetched.has(page)) {
      for (let n = page; n < page + Math.max(1, parallel) && n <= maxPages; n++)
        if (!fetched.has(n)) fetched.set(n, fetchPage(n));
    }
    return fetched.get(page)!;
  };
  const met = () => new Set(pages.flatMap((x) => x.ids));
  // The latest total: a list still filling (S-CONS-read-after-write) reports more as the walk goes.
  const latestTotal = () => pages.findLast((x) => x.total !== undefined)?.total;
  /**
   * Where the list goes on, though the walk would end at `page`: the first of the next LOOK_AHEAD
   * pages that holds records not met yet, read only while the latest total hints at more.
   */
  const goesOn = async (page: number, p: WalkedPage): Promise<number | undefined> => {
    const total = latestTotal() ?? p.total;
    const seen = met();
    for (const id of p.ids) seen.add(id);
    if (total === undefined || seen.size >= total) return undefined;
    for (let next = page + 1; next <= Math.min(maxPages, page + LOOK_AHEAD); next++) {
      const q = await get(next);
      if (q.refused !== undefined) return undefined;
      if (q.ids.some((id) => !seen.has(id))) return next;
    }
    return undefined;
  };
  const settle = () => {
    // Batched fetches beyond the end may still be in flight: let them settle quietly.
    for (const f of fetched.values()) f.catch(() => undefined);
  };
  for (let page = 1; page <= maxPages; page++) {
    const p = await get(page);
    const previous = pages.at(-1);
    const end: WalkEnd | undefined =
      p.refused !== undefined && page > 1
        ? 'refused'
        : p.ids.length === 0
          ? 'empty'
          : previous && sameIds(previous.ids, p.ids)
            ? 'repeated'
            : undefined;
    const resumeAt = end ? await goesOn(page, p) : undefined;
    if (end && resumeAt === undefined) return (settle(), { size, pages, end });
    pages.push(p);
    const walked = pages.reduce((n, x) => n + x.ids.length, 0);
    const total = latestTotal();
    if (!end && !pastTotal && total !== undefined && walked >= total) return (settle(), { size, pages, end: 'total' });
    const next = resumeAt ?? (endsList(page, p.ids.length, pages[0]!.ids.length) ? await goesOn(page, p) : page + 1);
    if (next === undefined) return (settle(), { size, pages, end: 'short' });
    // The pages skipped on the way (empty, or served again) are part of the list as served.
    for (let skipped = page + 1; skipped < next; skipped++) pages.push(await get(skipped));
    page = next - 1;
  }
  settle();
  return { size, pages, end: 'truncated' };
}

export interface ConfirmedWalk {
  walk: PagingWalk;
  violations: string[];
  /** The confirmed violations as typed failures, each naming the page that shows it. */
  failures: Failure[];
  /**
   * False when no walk could be judged on a list that held still: the data kept moving under the
   * check. Its failures are then only those no movement explains (a page over the size asked).
   */
  stable: boolean;
  walks: number;
}

/**
 * Whether the list moved during a walk: the totals its pages reported differ. Records that appear
 * mid-walk (a list filling after its writes, S-CONS-read-after-write) or leave it shift offsets, so
 * a skip or a repeat then proves nothing (S-PAGE-stability).
 */
export function movedDuring(walk: PagingWalk): boolean {
  const totals = new Set(walk.pages.filter((p) => p.total !== undefined).map((p) => p.total));
  return totals.size > 1;
}

const samePages = (a: PagingWalk, b: PagingWalk) =>
  a.pages.length === b.pages.length && a.pages.every((p, i) => sameIds(p.ids, b.pages[i]!.ids));

/**
 * Walks until a violation is confirmed on a list that held still, at most `maxWalks` times. A walk
 * during which the list moved (movedDuring) is set aside and the list walked again; a clean walk of
 * a still list passes; a violation counts only when the next still walk repeats it. A faulty server
 * repeats its fault on a still list; a list filling or changing under the walk (the run's own
 * writes within the consistency window, other users of a live target) does not, so it never fails.
 */
export async function walkConfirmed(
  size: number,
  fetchPage: (page: number) => Promise<WalkedPage>,
  opts: {
    maxPages?: number;
    parallel?: number;
    expected?: readonly string[];
    /** Between walks, so a list still filling can settle; `pause` replaces the timer (tests). */
    pauseMs?: number;
    pause?: () => Promise<void>;
    maxWalks?: number;
    extra?: (w: PagingWalk) => Failure[];
  } = {},
): Promise<ConfirmedWalk> {
  const judge = (w: PagingWalk) => [...pagingFailures(w, opts.expected), ...(opts.extra?.(w) ?? [])];
  const pause =
    opts.pause ?? (() => (opts.pauseMs ? new Promise<void>((r) => setTimeout(r, opts.pauseMs)) : Promise.resolve()));
  const maxWalks = Math.max(2, opts.maxWalks ?? 4);
  const words = (fs: readonly Failure[]) => fs.map((f) => f.message);
  let suspect: { walk: PagingWalk; failures: Failure[] } | undefined;
  let last: PagingWalk | undefined;
  // A walk that stopped at its total while records it expected were not met goes on past the total next.
  let pastTotal = false;
  for (let n = 1; n <= maxWalks; n++) {
    if (n > 1) await pause();
    // A list that moved under a walk page by page is walked again with its pages asked at once (as
    // many as the last walk met, and one more): the same reads, in less time for the list to move.
    const parallel = last ? Math.max(opts.parallel ?? 1, last.pages.length + 1) : opts.parallel;
    const walk = await walkPages(size, fetchPage, opts.maxPages, parallel, pastTotal);
    const previous = last;
    last = walk;
    if (movedDuring(walk)) continue;
    const failures = judge(walk);
    if (failures.length === 0) return { walk, violations: [], failures, stable: true, walks: n };
    if (walk.end === 'total' && failures.some((f) => f.kind === 'record-left-out')) pastTotal = true;
    if (!suspect) {
      suspect = { walk, failures };
      continue;
    }
    // Compared in words; the failures kept are this walk's, so they name its exchanges.
    const again = new Map(failures.map((f) => [f.message, f]));
    const repeated = suspect.failures.flatMap((f) => again.get(f.message) ?? []);
    // Repeated on the same pages: the list held still between the walks, and the fault is the server's.
    if (repeated.length && (samePages(suspect.walk, walk) || (previous && samePages(previous, walk))))
      return { walk, violations: words(repeated), failures: repeated, stable: true, walks: n };
    // The violations moved with the data: the later walk is the one to confirm.
    suspect = { walk, failures };
  }
  // Records shifting between pages explain repeats and omissions, never a page over its size (S-PAGE-stability).
  const failures = oversizedPages(last!);
  return { walk: last!, violations: words(failures), failures, stable: false, walks: maxWalks };
}

/** The sort values of every walked page, in walk order (pages must carry `values`). */
export const walkedValues = (walk: PagingWalk): unknown[] => walk.pages.flatMap((p) => p.values ?? []);

/**
 * Compares two sort values without assuming a collation: positive only when `a` sorts after `b`
 * under every usual order (numeric; binary, case-folded and locale string order). Values of
 * different kinds, and empty values, never count as out of order (their placement is not shown).
 */
/**
 * Which way values run under `compare`: 'ascending' or 'descending' when every adjacent pair that
 * compares agrees and at least one differs, 'flat' when none differs, 'mixed' otherwise.
 */
export function orderDirection<T>(values: readonly T[], compare: (a: T, b: T) => number): OrderDirection {
  let up = 0;
  let down = 0;
  for (let i = 1; i < values.length; i++) {
    const c = compare(values[i - 1]!, values[i]!);
    if (c < 0) up += 1;
    else if (c > 0) down += 1;
  }
  return up && down ? 'mixed' : up ? 'ascending' : down ? 'descending' : 'flat';
}
export type OrderDirection = 'ascending' | 'descending' | 'flat' | 'mixed';

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

/** One probe page of a list whose page base is not stated: the ids it held, or the status that refused it. */
export interface BaseProbe {
  ids: readonly string[];
  refused?: number;
}

export interface ObservedBase {
  /** The page number of the first page, or undefined when the probe cannot tell the bases apart. */
  base: 0 | 1 | undefined;
  /** What decided it (or left it open), for the run's observations. */
  why: string;
}

/**
 * The first page of a list whose base is not stated (S-PAGE-base, S-4.6-paging; only items are
 * stated 1-based, §2.7), from page=0 and page=1 asked together with the same small size. Counting
 * from 1, page=0 is refused, empty or the first page again, so page=1 still holds page 0's first
 * record (also when a record was added on top between the two reads). Counting from 0, page=1 is
 * the next page: without page 0's first record, or empty past a list that fits on page 0. An empty
 * list (both pages empty), both pages refused (an absent source), or page 1 refused tell the bases
 * apart not at all: undefined, never a guess (S-PAGE-base: too little data is unjudgeable).
 */
export function observedBase(zero: BaseProbe, one: BaseProbe): ObservedBase {
  if (zero.refused !== undefined && one.refused !== undefined)
    return { base: undefined, why: `page=0 and page=1 both refused (${zero.refused}, ${one.refused})` };
  if (zero.refused !== undefined) return { base: 1, why: `page=0 refused (${zero.refused})` };
  if (one.refused !== undefined) return { base: undefined, why: `page=1 refused (${one.refused}), page=0 not` };
  if (zero.ids.length === 0 && one.ids.length === 0)
    return { base: undefined, why: 'the list held no record on page=0 nor page=1' };
  if (zero.ids.length === 0) return { base: 1, why: 'page=0 empty, page=1 not' };
  if (one.ids.length === 0) return { base: 0, why: 'page=0 holds the whole list, page=1 is past it' };
  if (one.ids.includes(zero.ids[0]!)) return { base: 1, why: 'page=1 is the same first page as page=0' };
  return { base: 0, why: 'page=0 and page=1 are distinct pages' };
}
