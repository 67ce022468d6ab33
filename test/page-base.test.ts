import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { observedBase, type BaseProbe } from '../harness/checks/index.js';
import type { ApiResponse, Query } from '../harness/client.js';
import type { CheckContext } from '../harness/conformance.js';
import { onBase } from '../suites/common/page-base.js';

/**
 * The page base of the lists whose base is not stated (S-PAGE-base, S-4.6-paging), observed from
 * page=0 beside page=1 (size 2). Servers simulated over one record set: a 1-based server
 * that refuses page 0 (DRF), one that serves page 0 as the first page (Spring one-indexed, Kaminari),
 * and a 0-based one (Spring Data's default).
 */

const ids = ['r1', 'r2', 'r3', 'r4', 'r5'];
type Server = (page: number, size: number) => BaseProbe;
const oneBasedRefusing: Server = (page, size) =>
  page < 1 ? { ids: [], refused: 400 } : { ids: ids.slice((page - 1) * size, page * size) };
const oneBasedClamping: Server = (page, size) => oneBasedRefusing(Math.max(1, page), size);
const zeroBased: Server = (page, size) => ({ ids: ids.slice(page * size, (page + 1) * size) });
const probe = (server: Server) => observedBase(server(0, 2), server(1, 2));

describe('the observed page base (S-PAGE-base)', () => {
  it('page=0 refused: the first page is page=1', () => {
    expect(probe(oneBasedRefusing)).toEqual({ base: 1, why: 'page=0 refused (400)' });
  });

  it('page=0 the same first page as page=1: the first page is page=1', () => {
    expect(probe(oneBasedClamping)).toEqual({ base: 1, why: 'page=1 is the same first page as page=0' });
  });

  it('page=0 and page=1 distinct and non-empty: the first page is page=0', () => {
    expect(probe(zeroBased)).toEqual({ base: 0, why: 'page=0 and page=1 are distinct pages' });
  });

  it('too little data, or a list that moved between the reads, decides by what it proves', () => {
    // An empty list, an absent source refusing both pages, or page 1 refused tell nothing apart.
    expect(observedBase({ ids: [] }, { ids: [] }).base).toBeUndefined();
    expect(observedBase({ ids: [], refused: 404 }, { ids: [], refused: 404 }).base).toBeUndefined();
    expect(observedBase({ ids: ['r1'] }, { ids: [], refused: 400 }).base).toBeUndefined();
    expect(observedBase({ ids: [] }, { ids: ['r1'] }).base).toBe(1);
    // A record added on top of a 1-based list between the reads: page 1 still holds page 0's first.
    expect(observedBase({ ids: ['r1', 'r2'] }, { ids: ['r0', 'r1'] }).base).toBe(1);
    // The same on a 0-based list: page 1 moves by one, and still lacks page 0's first record.
    expect(observedBase({ ids: ['r1', 'r2'] }, { ids: ['r2', 'r3'] }).base).toBe(0);
    // A 0-based list that fits on page 0: page=1 is past it.
    expect(observedBase({ ids: ['r1'] }, { ids: [] }).base).toBe(0);
  });

  it('a 0-based list whose pages overlap by one (a paging fault) is still seen 0-based', () => {
    const overlapping: Server = (page, size) => {
      const start = page > 0 ? page * size - 1 : 0;
      return { ids: ids.slice(start, start + size) };
    };
    expect(probe(overlapping).base).toBe(0);
  });
});

let runs = 0;

/** A context whose shared fixtures are made once, with the list of one simulated server. */
function fakeRun(server: Server | ((q: Query) => BaseProbe)) {
  const shared = new Map<string, Promise<unknown>>();
  const sent: Query[] = [];
  const ctx = {
    shared: (key: string, make: (c: CheckContext) => Promise<unknown>) => {
      if (!shared.has(key)) shared.set(key, make(ctx));
      return shared.get(key)!;
    },
    observe: () => undefined,
    // Unique in the process: page-base.ts keeps decided bases per run id, and test files share modules (isolate: false).
    run: { runId: `run-${process.pid}-${randomUUID()}-${++runs}` },
    target: { id: 'fake' },
    inconclusive: (reason: string) => {
      throw new Error(`inconclusive: ${reason}`);
    },
    skip: (reason: string) => {
      throw new Error(`skip: ${reason}`);
    },
  } as unknown as CheckContext;
  const raw = async (_: CheckContext, q: Query): Promise<ApiResponse> => {
    sent.push(q);
    const p =
      server.length === 1 ? (server as (q: Query) => BaseProbe)(q) : (server as Server)(Number(q.page), Number(q.size));
    return { status: p.refused ?? 200, json: { content: p.ids.map((id) => ({ id })) } } as unknown as ApiResponse;
  };
  const reader = {
    records: (res: ApiResponse) => (res.json as { content: Record<string, unknown>[] }).content,
    idOf: (r: Record<string, unknown>) => r.id as string,
  };
  return { ctx, raw, reader, sent };
}

describe('pages sent on the observed base', () => {
  it('a 0-based list gets page - 1, observed once for every read', async () => {
    const { ctx, raw, reader, sent } = fakeRun(zeroBased);
    expect(await onBase(ctx, 'vehicles', { size: 10, page: 1 }, raw, reader)).toEqual({ size: 10, page: 0 });
    expect(await onBase(ctx, 'vehicles', { size: 10, page: '3' }, raw, reader)).toEqual({ size: 10, page: 2 });
    expect(sent).toHaveLength(2);
  });

  it('a 1-based list keeps its pages, and a query without a page is not observed', async () => {
    const { ctx, raw, reader, sent } = fakeRun(oneBasedRefusing);
    expect(await onBase(ctx, 'customers', { search: 'x' }, raw, reader)).toEqual({ search: 'x' });
    expect(sent).toHaveLength(0);
    expect(await onBase(ctx, 'customers', { size: 20, page: 2 }, raw, reader)).toEqual({ size: 20, page: 2 });
    expect(sent).toHaveLength(2);
  });
});

describe('a base learned only from a list that tells the bases apart', () => {
  it('an empty 0-based list (records not yet shown) decides nothing; the base is learned once they show', async () => {
    let shown: string[] = [];
    const filling: Server = (page, size) => ({ ids: shown.slice(page * size, (page + 1) * size) });
    const { ctx, raw, reader } = fakeRun(filling);
    // The first page needs no base: asked without a page (the default first page of either base).
    expect(await onBase(ctx, 'appointmentRequests', { size: 2, page: 1 }, raw, reader)).toEqual({ size: 2 });
    // An empty list has no later page: the check is not exercised on it (skipped), never sent on a guess.
    await expect(onBase(ctx, 'appointmentRequests', { size: 2, page: 2 }, raw, reader)).rejects.toThrow(
      /skip: no record to page: appointmentRequests: the list held no record/,
    );
    shown = ['a1', 'a2', 'a3', 'a4'];
    // Before, the empty probe was kept as 1-based: page 2 went as page=2, and page=1 (the second) was never read.
    expect(await onBase(ctx, 'appointmentRequests', { size: 2, page: 2 }, raw, reader)).toEqual({ size: 2, page: 1 });
    expect(await onBase(ctx, 'appointmentRequests', { size: 2, page: 1 }, raw, reader)).toEqual({ size: 2, page: 0 });
  });

  it('an empty source is passed over for the next single source (S-4.6-paging)', async () => {
    const bySource: Record<string, string[]> = { inventory: [], online: ['o1', 'o2', 'o3'], orders: ['p1'] };
    const zeroBasedBySource = (q: Query): BaseProbe => {
      const all = bySource[String(q.source)] ?? [];
      const [page, size] = [Number(q.page), Number(q.size)];
      return { ids: all.slice(page * size, (page + 1) * size) };
    };
    const { ctx, raw, reader, sent } = fakeRun(zeroBasedBySource);
    const sources = [{ source: 'inventory' }, { source: 'online' }, { source: 'orders' }];
    expect(await onBase(ctx, 'purchaseOrders', { size: 5, page: 3 }, raw, reader, sources)).toEqual({
      size: 5,
      page: 2,
    });
    expect(sent.map((q) => q.source)).toEqual(['inventory', 'inventory', 'online', 'online']);
  });

  it('no source with records: a later page is not exercised (skipped), never sent on a guessed base', async () => {
    const { ctx, raw, reader } = fakeRun(() => ({ ids: [] }));
    await expect(
      onBase(ctx, 'purchaseOrders', { size: 5, page: 2 }, raw, reader, [{ source: 'inventory' }]),
    ).rejects.toThrow(/skip: no record to page/);
  });

  it('a source refused and none with records: a later page is inconclusive, the base not learnable', async () => {
    const { ctx, raw, reader } = fakeRun((q: Query) =>
      q.source === 'online' ? { ids: [], refused: 400 } : { ids: [] },
    );
    await expect(
      onBase(ctx, 'purchaseOrders', { size: 5, page: 2 }, raw, reader, [{ source: 'inventory' }, { source: 'online' }]),
    ).rejects.toThrow(/inconclusive: page base not learnable/);
  });
});
