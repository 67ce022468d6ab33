import { inconsistency, isSuccess, type Failure } from '../../harness/checks/index.js';
import type { ListReader, Listing } from '../../harness/locate/walk.js';

/**
 * §8 with the documented filters (the <resource>-FILTERS-COMBINE clauses name size and page among
 * the parameters applied together): a filtered list read to its end holds the filtered set, so the
 * total its pages report counts those records. A total that counts more (the records of the list
 * without one of its filters) shows pages cut before that filter was applied: they come back short
 * while the list goes on.
 *
 * Judged only where S-PAGE-totals lets a harness compare: a small list (a walk of a few pages, a total
 * well under the 10 000 at which counts are commonly capped or estimated) that held still while it was
 * read (every page reports the same total). A list whose contents trail its counts after a write
 * (S-CONS-counts-vs-contents) is read again by the caller until its consistency window ends.
 *
 * A row read in part (its first page or few) is held to its page length instead: whatever maximum
 * the server keeps (not shown, S-8-max-page-size), a first page holds as many records as its size,
 * its total and the longest page the same list served in the run all allow.
 */
const COUNTED_BELOW = 10_000;

/** The one total every answered page of a listing reports; undefined when none does, or they differ (the list moved). */
export function steadyTotal(reader: ListReader, listing: Listing): number | undefined {
  const totals = new Set(listing.responses.filter(isSuccess).map((r) => reader.total(r)));
  if (totals.size !== 1) return undefined;
  const [total] = totals;
  return total;
}

/** Whether a listing can be held to its total: read to its end, one total, a small one. */
export function countable(reader: ListReader, listing: Listing): boolean {
  const total = steadyTotal(reader, listing);
  return listing.ok && listing.complete && total !== undefined && total < COUNTED_BELOW;
}

/** The listing's records counted against its total, when it is countable and they disagree. */
export function totalDisagreement(reader: ListReader, listing: Listing, query: string): Failure | undefined {
  if (!countable(reader, listing)) return undefined;
  const total = steadyTotal(reader, listing)!;
  const met = listing.records.length;
  if (met === total) return undefined;
  return inconsistency(
    `GET ?${query} read to its end in pages of ${listing.size} holds ${met} record(s) but reports a total of ${total}: the total counts records the filters exclude (pages cut before a filter was applied)`,
    listing.first,
    {
      what: 'the reported total and the records of the filtered list',
      expected: total,
      actual: met,
      other: listing.responses.at(-1),
    },
  );
}

/** The most records one answer of these listings held: the server serves pages at least that long. */
export function longestPage(reader: ListReader, listings: readonly Listing[]): number {
  return Math.max(0, ...listings.flatMap((l) => l.responses.filter(isSuccess).map((r) => reader.records(r).length)));
}

/** A first page shorter than its size, its total and the longest page of the list allow, while the total says the list goes on. */
export function shortFirstPage(
  reader: ListReader,
  listing: Listing,
  longest: number,
  query: string,
): Failure | undefined {
  const total = steadyTotal(reader, listing);
  if (!listing.ok || total === undefined || total >= COUNTED_BELOW) return undefined;
  const held = reader.records(listing.first).length;
  const owed = Math.min(listing.size, total, longest);
  if (held >= owed) return undefined;
  return inconsistency(
    `page 1 of GET ?${query} in pages of ${listing.size} holds ${held} record(s) though it reports a total of ${total} and the list serves pages of ${longest}: the page was cut before a filter was applied`,
    listing.first,
    { what: 'the records of a first page and its size and total', expected: owed, actual: held },
  );
}

/** What a row's reading shows against its total: the whole list miscounted, or its first page short. */
export const rowTotalFailure = (reader: ListReader, listing: Listing, longest: number, query: string) =>
  totalDisagreement(reader, listing, query) ?? shortFirstPage(reader, listing, longest, query);
