import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../harness/client.js';
import type { Listing } from '../harness/locate/walk.js';
import { longestPage, rowTotalFailure, shortFirstPage, totalDisagreement } from '../suites/common/row-totals.js';

/**
 * A filtered read held to its reported total (suites/common/row-totals.ts): a list read to its end
 * holds as many records as its total, and a first page as many as its size, total and the longest
 * page of the list allow. A page cut before a filter was applied (the `filter … :after-paging`
 * operator) fails either way; a list that moved while it was read, or a server's own smaller
 * maximum page, never does.
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

describe('filtered reads held to their total', () => {
  it('a list read to its end agrees with its total, or fails with both numbers', () => {
    expect(totalDisagreement(reader, listing([page(['a', 'b'], 2)], 5, true), 'q')).toBeUndefined();
    const f = totalDisagreement(reader, listing([page(['a'], 9), page([], 9)], 5, true), 'q');
    expect(f).toMatchObject({ kind: 'inconsistency', expected: 9, actual: 1 });
  });

  it('never judges a list that moved, one not read to its end, or a total too large to be exact', () => {
    expect(totalDisagreement(reader, listing([page(['a', 'b'], 4), page(['c'], 5)], 2, true), 'q')).toBeUndefined();
    expect(totalDisagreement(reader, listing([page(['a', 'b'], 9)], 2, false), 'q')).toBeUndefined();
    expect(totalDisagreement(reader, listing([page([], 20_000)], 2, true), 'q')).toBeUndefined();
    expect(totalDisagreement(reader, listing([page([])], 2, true), 'q')).toBeUndefined();
  });

  it('a first page short of its size, its total and the longest page of the list fails', () => {
    const short = listing([page(['a'], 90)], 10, false);
    expect(shortFirstPage(reader, short, 10, 'q')).toMatchObject({ kind: 'inconsistency', expected: 10, actual: 1 });
    expect(rowTotalFailure(reader, short, 10, 'q')).toBeDefined();
  });

  it('a server keeping a smaller maximum than the size asked passes', () => {
    const clamped = listing([page(['a', 'b', 'c'], 90)], 10, false);
    expect(shortFirstPage(reader, clamped, longestPage(reader, [clamped]), 'q')).toBeUndefined();
    expect(shortFirstPage(reader, listing([page(['a'], 1)], 10, true), 10, 'q')).toBeUndefined();
  });
});
