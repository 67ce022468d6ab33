import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../harness/client.js';
import type { Listing } from '../harness/locate/walk.js';
import { longestPage, pageCutShort, totalNote } from '../suites/common/row-pages.js';

/**
 * A filtered read (suites/common/row-pages.ts): a first page holds as many records as its size and
 * the longest page of the list allow while a page after it holds more. A page cut before a filter
 * was applied (the `filter … :after-paging` operator) fails; a short page that ends the list, or a
 * server's own smaller maximum page, never does. A total is only noted (S-PAGE-totals).
 */
const page = (ids: string[], total?: number): ApiResponse => ({
  status: 200,
  headers: {},
  text: '',
  json: { content: ids.map((id) => ({ id })), ...(total === undefined ? {} : { total }) },
  durationMs: 1,
  retries: 0,
});
const reader = {
  records: (res: ApiResponse) => (res.json as { content: Record<string, unknown>[] }).content,
  total: (res: ApiResponse) => (res.json as { total?: number }).total,
  idOf: (r: Record<string, unknown>) => r.id as string,
};
const listing = (pages: ApiResponse[], size: number, complete: boolean): Listing => {
  const records = pages.flatMap(reader.records);
  return { first: pages[0]!, ok: true, responses: pages, records, ids: records.map(reader.idOf), complete, size };
};

describe('a filtered read: pages cut short, totals noted (S-PAGE-totals)', () => {
  it('a first page short of its size and the longest page, with a page after it, fails', () => {
    const cut = listing([page(['a'], 90), page(['b', 'c'], 90)], 10, false);
    expect(pageCutShort(reader, cut, 10, 'q')).toMatchObject({ kind: 'inconsistency', expected: 10, actual: 1 });
  });

  it('a short first page that ends the list, or a server keeping a smaller maximum, passes', () => {
    expect(pageCutShort(reader, listing([page(['a'], 90), page([], 90)], 10, true), 10, 'q')).toBeUndefined();
    const clamped = listing([page(['a', 'b', 'c'], 90), page(['d', 'e', 'f'], 90)], 10, false);
    expect(pageCutShort(reader, clamped, longestPage(reader, [clamped]), 'q')).toBeUndefined();
    // Page 2 the same page again (a clamped page number) adds nothing: no list beyond page 1.
    expect(pageCutShort(reader, listing([page(['a'], 1), page(['a'], 1)], 10, true), 10, 'q')).toBeUndefined();
  });

  it('a total that disagrees with a list read to its end is a note, never a failure', () => {
    expect(totalNote(reader, listing([page(['a', 'b'], 2)], 5, true), 'q')).toBeUndefined();
    expect(totalNote(reader, listing([page(['a'], 9), page([], 9)], 5, true), 'q')).toBe(
      'GET ?q read to its end in pages of 5 holds 1 record(s), reports a total of 9',
    );
    // A list that moved, or one not read to its end, is not even noted.
    expect(totalNote(reader, listing([page(['a', 'b'], 4), page(['c'], 5)], 2, true), 'q')).toBeUndefined();
    expect(totalNote(reader, listing([page(['a', 'b'], 9)], 2, false), 'q')).toBeUndefined();
  });
});
