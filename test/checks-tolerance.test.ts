import { describe, expect, test } from 'vitest';
import { endsList, reportedTotal } from '../harness/checks/index.js';
import { pageInconsistencies, type PageCounters } from '../harness/checks/items-page.js';

// The generic checks must not fail a server for choices the spec leaves open.
describe('reportedTotal', () => {
  test('reads the total, not a count of the current page', () => {
    expect(reportedTotal({ page: 1, size: 10, count: 10, total: 57 })).toBe(57);
    expect(reportedTotal({ count: 10, totalCount: 57 })).toBe(57);
  });
  test('a count alone is no total', () => {
    expect(reportedTotal({ page: 1, count: 10 })).toBeUndefined();
  });
  test('a specific name wins over total wherever they sit', () => {
    expect(reportedTotal({ records: [{ total: 3 }], pagination: { totalElements: 40 } })).toBe(40);
  });
});

describe('endsList', () => {
  test('an empty page ends the list', () => expect(endsList(1, 0, 0)).toBe(true));
  test('a short first page does not: it may be the server maximum', () => expect(endsList(1, 20, 20)).toBe(false));
  test('a page shorter than the first ends it', () => expect(endsList(3, 7, 20)).toBe(true));
  test('a page as long as the first does not', () => expect(endsList(2, 20, 20)).toBe(false));
});

describe('pageInconsistencies', () => {
  const empty: PageCounters = {
    content: [],
    totalCount: 0,
    totalPages: 1,
    size: 7,
    numberOfElements: 0,
    empty: true,
    first: true,
    last: true,
    pageable: { pageSize: 7 },
  };
  test('an empty list may report one page or none', () => {
    expect(pageInconsistencies(empty, 1, 7)).toEqual([]);
    expect(pageInconsistencies({ ...empty, totalPages: 0 }, 1, 7)).toEqual([]);
  });
  test('a non-empty list must report ceil(total/size) pages', () => {
    const page: PageCounters = {
      ...empty,
      content: [{}, {}],
      totalCount: 2,
      totalPages: 2,
      numberOfElements: 2,
      empty: false,
    };
    expect(pageInconsistencies(page, 1, 7)).toEqual(['totalPages is 2, expected ceil(2/7) = 1']);
  });
  // S-2.7-items-page-extras: size is the size asked for (Spring) or the records this page returned.
  test('size may count the records of a short last page, or be a smaller cap', () => {
    const last: PageCounters = {
      content: [{}],
      totalCount: 5,
      totalPages: 3,
      size: 1,
      numberOfElements: 1,
      empty: false,
      first: false,
      last: true,
      pageable: { pageSize: 2 },
    };
    expect(pageInconsistencies(last, 3, 2)).toEqual([]);
    expect(pageInconsistencies({ ...last, pageable: { pageSize: 1 } }, 3, 2)).toEqual([]);
    // A cap of 1: five pages of one, the third not the last.
    expect(pageInconsistencies({ ...last, totalPages: 5, last: false, pageable: { pageSize: 1 } }, 3, 2)).toEqual([]);
    // Neither reading: three pages of two claimed, yet the third is not the last.
    expect(pageInconsistencies({ ...last, last: false }, 3, 2)).not.toEqual([]);
  });
});
