import { describe, expect, it } from 'vitest';
import {
  checkFiles,
  dealShards,
  makePlan,
  readBudgets,
  selectFiles,
  SHARD_CHECK_MS,
  SHARD_REFERENCE_LIMITS,
  type BudgetEntry,
  type BudgetFile,
} from '../harness/run/plan.js';

/**
 * Shards dealt by budgeted time (issue 36, case 7). Shards share nothing, so each pays for the
 * shared fixtures its checks pull in; the deal balances that time at the documented limits and the
 * checks with it. The dealer before dealt by the checks' own requests alone: the many checks whose
 * requests are all in shared fixtures weighed nothing and went to one shard (147 checks against 33 at
 * n=2, one shard's bound 105 s against 56 s).
 */
const budgets = readBudgets();
const all = checkFiles();
const limits = SHARD_REFERENCE_LIMITS;

function shardsOf(count: number, mode: 'full' | 'readonly') {
  return Array.from({ length: count }, (_, i) => {
    const selection = { shard: { index: i + 1, count }, mode };
    const files = selectFiles(selection, budgets, all);
    return { files, plan: makePlan(budgets, selection, files, limits) };
  });
}

describe('dealing the checks to shards', () => {
  it.each([
    [2, 'full'],
    [3, 'full'],
    [4, 'full'],
    [2, 'readonly'],
    [3, 'readonly'],
  ] as const)('%i shards, %s: every file in exactly one shard', (count, mode) => {
    const dealt = shardsOf(count, mode).flatMap((s) => s.files);
    expect(dealt.length).toBe(all.length);
    expect([...dealt].sort()).toEqual(all);
  });

  it.each([
    [2, 'full', 0.65],
    [3, 'full', 0.5],
    [2, 'readonly', 0.6],
    [3, 'readonly', 0.5],
  ] as const)(
    '%i shards, %s: budgeted time balanced, and every shard holds its part of the checks',
    (count, mode, share) => {
      const whole = makePlan(budgets, { mode }, all, limits).estimate;
      const shards = shardsOf(count, mode).map((s) => s.plan.estimate);
      // No shard's bound far above its share of the whole run's: duplicated fixtures cost the rest.
      for (const s of shards) expect(s.lowerBoundMs).toBeLessThanOrEqual(whole.lowerBoundMs * share);
      // Time with a GET's slot per check, as dealt: within 10% across shards.
      const dealt = shards.map((s) => s.lowerBoundMs + s.checks * SHARD_CHECK_MS);
      expect(Math.min(...dealt)).toBeGreaterThanOrEqual(Math.max(...dealt) * 0.9);
      // No shard left with a sliver of the checks (the dealer before: 33 of 180 at n=2).
      const checks = shards.map((s) => s.checks);
      expect(checks.reduce((a, b) => a + b, 0)).toBe(whole.checks);
      for (const c of checks) expect(c).toBeGreaterThanOrEqual(whole.checks / count / 2);
    },
  );

  it('is the same deal whatever order the files come in (every shard process computes it alone)', () => {
    const reversed = [...all].reverse();
    expect(dealShards(reversed, 3, budgets, { mode: 'full' })).toEqual(dealShards(all, 3, budgets, { mode: 'full' }));
  });

  const entry = (e: Partial<BudgetEntry> & { key: string }): BudgetEntry => ({ get: 0, write: 0, ...e });
  const check = (n: number, e: Partial<BudgetEntry> = {}) =>
    entry({ key: `C-${n}`, name: `C-${n}: a rule`, file: `suites/x/c${n}.check.ts`, ...e });

  it('deals checks whose requests are all in a shared fixture evenly, paying for a cheap fixture in each shard', () => {
    const b: BudgetFile = {
      learnedWith: {},
      entries: [
        entry({ key: 'shared:sample', get: 1 }),
        ...Array.from({ length: 10 }, (_, i) => check(i + 1, { uses: ['shared:sample'] })),
      ],
    };
    const files = b.entries.flatMap((e) => (e.file ? [e.file] : []));
    // The dealer before gave all ten to the first shard: they weighed nothing.
    for (const shard of dealShards(files, 2, b)) expect(shard.length).toBeGreaterThanOrEqual(4);
  });

  it('keeps the users of a costly fixture together when splitting them would pay for it twice', () => {
    const b: BudgetFile = {
      learnedWith: {},
      entries: [
        entry({ key: 'shared:costly', get: 60 }),
        check(1, { uses: ['shared:costly'] }),
        check(2, { uses: ['shared:costly'] }),
        check(3, { get: 30 }),
        check(4, { get: 30 }),
      ],
    };
    const files = b.entries.flatMap((e) => (e.file ? [e.file] : []));
    const deal = dealShards(files, 2, b);
    // Together they pay for the fixture once; c3 and c4 cost as much, in the other shard.
    expect(deal).toEqual([
      ['suites/x/c1.check.ts', 'suites/x/c2.check.ts'],
      ['suites/x/c3.check.ts', 'suites/x/c4.check.ts'],
    ]);
  });
});
