import { inconsistency, isSuccess, type Failure } from '../../harness/checks/index.js';
import type { ListReader, Listing } from '../../harness/locate/walk.js';

/**
 * §8 with the documented filters (the <resource>-FILTERS-COMBINE clauses name size and page among
 * the parameters applied together): a filtered list is paged after its filters, so a page before
 * the last holds as many records as the server serves a page. A page cut short while the next page
 * still holds records shows pages cut before a filter was applied (the page taken from the unfiltered
 * list, then filtered); the walk reads on past a short page when the list's total hints at more
 * (harness/checks/paging.ts walkPages).
 *
 * What the server serves a page is the size asked or a maximum of its own (not shown,
 * S-8-max-page-size): the longest page the same list served in the run bounds it. Reported totals
 * judge nothing here (S-PAGE-totals, S-CONS-counts-vs-contents: estimated, capped or counted apart
 * from the page); one that disagrees with a list read to its end is only noted.
 */

/** The one total every answered page of a listing reports; undefined when none does, or they differ (the list moved). */
export function steadyTotal(reader: ListReader, listing: Listing): number | undefined {
  const totals = new Set(listing.responses.filter(isSuccess).map((r) => reader.total(r)));
  if (totals.size !== 1) return undefined;
  const [total] = totals;
  return total;
}

/** A listing read to its end whose records and steady total disagree, in words (an observation, never a failure). */
export function totalNote(reader: ListReader, listing: Listing, query: string): string | undefined {
  const total = steadyTotal(reader, listing);
  if (!listing.ok || !listing.complete || total === undefined || total === listing.records.length) return undefined;
  return `GET ?${query} read to its end in pages of ${listing.size} holds ${listing.records.length} record(s), reports a total of ${total}`;
}

/** The most records one answer of these listings held: the server serves pages at least that long. */
export function longestPage(reader: ListReader, listings: readonly Listing[]): number {
  return Math.max(0, ...listings.flatMap((l) => l.responses.filter(isSuccess).map((r) => reader.records(r).length)));
}

/**
 * A page shorter than its size and the longest page of the list allow, while the page after it still
 * holds records: the list went on past a page it cut short (the first such page).
 */
export function pageCutShort(
  reader: ListReader,
  listing: Listing,
  longest: number,
  query: string,
): Failure | undefined {
  if (!listing.ok) return undefined;
  const key = (r: Parameters<ListReader['idOf']>[0]) => reader.idOf(r) ?? JSON.stringify(r);
  const owed = Math.min(listing.size, longest);
  const answered = listing.responses.filter(isSuccess);
  const pages = answered.slice(Math.max(0, answered.indexOf(listing.first)));
  const met = new Set<string>();
  for (const [i, res] of pages.entries()) {
    const records = reader.records(res);
    records.forEach((r) => met.add(key(r)));
    const next = pages[i + 1];
    const after = next ? reader.records(next).filter((r) => !met.has(key(r))).length : 0;
    if (records.length >= owed || after === 0) continue;
    return inconsistency(
      `page ${i + 1} of GET ?${query} in pages of ${listing.size} holds ${records.length} record(s), though the list serves pages of ${longest} and page ${i + 2} holds ${after} more: the page was cut before a filter was applied`,
      res,
      {
        what: 'the records of a page, its size and the page after it',
        expected: owed,
        actual: records.length,
        ...(next ? { other: next } : {}),
      },
    );
  }
  return undefined;
}
