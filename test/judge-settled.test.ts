import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../harness/client.js';
import { ContractViolation } from '../harness/checks/index.js';
import type { Rec } from '../suites/common/adapter.js';
import { judgeFilterSettled, type JudgedCase, type Recheck } from '../suites/common/judge.js';
import { testContext } from './support/check-context.js';

/**
 * The shared judge's second look (suites/common/judge.ts judgeFilterSettled): a record the run does
 * not control, about to be failed as left out or come back, is read again by id and judged on what
 * it shows now. Only a change that explains the answer (archived, gone, out of the filter now, in it
 * now) turns the failure into an observation; a record that reads as before still fails.
 */
const res = (status: number, json: unknown = {}): ApiResponse => ({
  status,
  headers: {},
  text: JSON.stringify(json),
  json,
  durationMs: 1,
  retries: 0,
  exchangeId: 'ex-1',
});

/** A filter on colour=red: the records as they read by id now. */
function world(now: Record<string, Rec | 404>) {
  const reads: string[] = [];
  const reader = {
    get: async (_ctx: unknown, id: string) => {
      reads.push(id);
      const r = now[id];
      return r === 404 || r === undefined ? res(404) : res(200, r);
    },
    recordIn: (answer: ApiResponse) => answer.json as Rec,
  };
  const red = (r: Rec) => (r.colour === 'red' ? true : { out: `it is ${String(r.colour)}` });
  const recheck: Recheck = {
    controlled: (id) => id.startsWith('own-'),
    expectedNow: (_id, r) => red(r),
    excludedNow: (_id, r) => red(r),
  };
  return { reads, reader, recheck };
}

const kase = (c: Partial<JudgedCase> & Pick<JudgedCase, 'recheck'>): JudgedCase => ({
  expected: [],
  excluded: [],
  returned: [],
  complete: true,
  res: res(200),
  ...c,
});

const ctx = () => testContext('http://127.0.0.1:9/v2', { token: 't', companyId: 'c' });

describe('a record the run does not control is read again before it is failed', () => {
  it('archived, gone or out of the filter since: an observation, and the rest still judged', async () => {
    const w = world({ a: { colour: 'red', status: 'Inactive' }, b: 404, c: { colour: 'blue' }, d: { colour: 'red' } });
    const c = ctx();
    await judgeFilterSettled(
      c,
      'colour=red',
      w.reader,
      kase({
        recheck: w.recheck,
        expected: ['a', 'b', 'c', 'k'].map((id) => ({ id, why: 'it was red' })),
        excluded: [
          { id: 'd', why: 'it was blue' },
          { id: 'x', why: 'it was blue' },
        ],
        returned: ['k', 'd'],
      }),
    );
    expect(w.reads.sort()).toEqual(['a', 'b', 'c', 'd']); // only those about to be failed
    const seen = c.observations.find((o) => /changed by another client/.test(o.name))!.value;
    expect(seen).toEqual([
      'a: archived since',
      'b: no longer read by its id (HTTP 404)',
      'c: no longer matches: it is blue',
      'd: it matches the filter now',
    ]);
    expect(c.evidence.join(' ')).toMatch(/1 known matching records came back/);
  });

  it('a record that reads as it did still fails, and the run own records are never read again', async () => {
    const w = world({ a: { colour: 'red' }, d: { colour: 'blue' } });
    const judged = judgeFilterSettled(
      ctx(),
      'colour=red',
      w.reader,
      kase({
        recheck: w.recheck,
        expected: [
          { id: 'a', why: 'it is red' },
          { id: 'own-1', why: 'the run made it red' },
        ],
        excluded: [{ id: 'd', why: 'it is blue' }],
        returned: ['d'],
      }),
    );
    await expect(judged).rejects.toBeInstanceOf(ContractViolation);
    await expect(judged).rejects.toThrow(/a was left out[\s\S]*own-1 was left out[\s\S]*d came back/);
    expect(w.reads.sort()).toEqual(['a', 'd']);
  });

  it('an answer it cannot read, or a refusal other than 404 or 410, leaves the failure standing', async () => {
    const w = world({});
    w.reader.get = async (_ctx: unknown, id: string) => (w.reads.push(id), res(500));
    await expect(
      judgeFilterSettled(
        ctx(),
        'colour=red',
        w.reader,
        kase({ recheck: w.recheck, expected: [{ id: 'a', why: 'it is red' }], returned: [] }),
      ),
    ).rejects.toThrow(/a was left out/);
  });
});
