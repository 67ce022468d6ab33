import { describe, expect, it } from 'vitest';
import type { ApiResponse, Query } from '../harness/client.js';
import type { CheckContext } from '../harness/conformance.js';
import type { Rec, ResourceAdapter } from '../suites/common/adapter.js';
import { holds, sightElsewhere } from '../suites/common/tenancy.js';

/**
 * The deep page of the tenancy probes (suites/common/tenancy.ts sightElsewhere, issue 28): after
 * another company's narrowed listing, one page past offset 1,000 is read. Every way a conforming
 * server answers a page past the end (S-8-past-the-end) shows nothing; only the record among the
 * answer's records is a sighting, never an echo of it.
 */
const res = (status: number, json: unknown, text = JSON.stringify(json)): ApiResponse => ({
  status,
  headers: {},
  text,
  json,
  durationMs: 1,
  retries: 0,
});
const page = (ids: string[], extra: Record<string, unknown> = {}) =>
  res(200, { data: ids.map((id) => ({ id })), ...extra });

/** A list whose pages the test answers; every query sent is recorded. */
function listOf(answer: (q: Query) => ApiResponse): { adapter: ResourceAdapter; sent: Query[] } {
  const sent: Query[] = [];
  const records = (r: ApiResponse) => ((r.json as { data?: Rec[] })?.data ?? []) as Rec[];
  const adapter: ResourceAdapter = {
    name: 'vehicles',
    path: '/vehicles',
    idKey: 'id',
    documentedList: true,
    list: async (_ctx, q = {}) => (sent.push(q), answer(q)),
    records,
    total: () => undefined,
    idOf: (r) => (typeof r.id === 'string' ? r.id : undefined),
  };
  return { adapter, sent };
}

const ctx = {} as CheckContext;
const mine = { id: 'veh-a-1', note: 'created by the run' };
const theirs = ['veh-b-1', 'veh-b-2', 'veh-b-3'];
const sight = (adapter: ResourceAdapter) =>
  sightElsewhere(ctx, adapter, { customerId: 'cus-a' }, 'company-b', (r) => holds(adapter, r.json, mine));

describe('a page far past the end of another company’s list', () => {
  const silent: [string, (q: Query) => ApiResponse][] = [
    ['an empty page', () => page([])],
    ['404 Invalid page.', () => res(404, { detail: 'Invalid page.' })],
    ['400', () => res(400, { message: 'page out of range' })],
    ['the last page again', () => page(theirs)],
    ['an echo of the query in links and meta', (q) => page([], { links: { self: `?q=${mine.id}` }, meta: { q } })],
  ];
  for (const [name, deep] of silent)
    it(`answered with ${name}: nothing shown, the end still the walk's`, async () => {
      const { adapter, sent } = listOf((q) => (q.page === 1 ? page(theirs) : deep(q)));
      const s = await sight(adapter);
      expect(s).toMatchObject({ shown: false, complete: true, deep: { page: 101, size: 100 } });
      // The walk reads page 2 (a short page alone ends no list, §8), then one GET past offset 1,000 at its size.
      expect(sent).toEqual([
        { customerId: 'cus-a', size: 100, page: 1 },
        { customerId: 'cus-a', size: 100, page: 2 },
        { customerId: 'cus-a', size: 100, page: 101 },
      ]);
      expect(s.responses).toHaveLength(3);
    });

  it('holding the record among its records: shown, and that answer is the one to cite', async () => {
    const { adapter } = listOf((q) => (q.page === 1 ? page(theirs) : q.page === 101 ? page([mine.id]) : page([])));
    const s = await sight(adapter);
    expect(s.shown).toBe(true);
    expect(holds(adapter, s.deep!.res.json, mine)).toBe(true);
    expect(s.responses.at(-1)).toBe(s.deep!.res);
  });

  it('at the size the server named when it refused 100: a page as deep (past offset 1,000 at any clamp down to 10)', async () => {
    const { adapter, sent } = listOf((q) =>
      q.size === 100 ? res(400, { message: 'size must be at most 20' }) : q.page === 1 ? page(theirs) : page([]),
    );
    const s = await sight(adapter);
    expect(s.deep).toMatchObject({ page: 101, size: 20 });
    expect(sent.at(-1)).toEqual({ customerId: 'cus-a', size: 20, page: 101 });
    expect(s.shown).toBe(false);
  });

  it('a listing refused outright: complete for the question asked, no deep page sent', async () => {
    const { adapter, sent } = listOf(() => res(403, { message: 'forbidden' }));
    const s = await sight(adapter);
    expect(s).toMatchObject({ shown: false, complete: true });
    expect(s.deep).toBeUndefined();
    expect(sent).toHaveLength(1);
  });
});
