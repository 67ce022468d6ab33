import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clauseOf, type ClauseId } from '../contract/clauses.js';
import { clauseVerdict } from '../harness/certify/rules.js';
import { runSuites } from '../harness/run/run-suites.js';
import { familyFront, memberId } from './family/server.js';
import { shiftClock } from './support/shifted-clock.js';

/**
 * The harness at other dates (issue 34: PO-FILTERS-COMBINE failed on every seed on some days, on a
 * server whose orders are dated back from its own now). The run, the embedded mock and a family member
 * whose data are dated back from its now all read a shifted clock (test/support/shifted-clock.ts), at
 * a year end, at the end of February and in mid-April: the date-sensitive clauses must judge, and pass,
 * on every one of those days. Each run starts two minutes before its date's midnight, so its windows
 * cross a day (and, on the first, a month and a year) while it runs.
 */

const DATES = ['2026-12-31T23:58:00Z', '2027-02-28T23:58:00Z', '2027-04-15T23:58:00Z'];
const CLAUSES: ClauseId[] = [
  'PO-FILTERS-COMBINE',
  'PO-DATE-FILTERS',
  'APPT-FILTER-APPOINTMENT-DATE',
  'APPT-FILTER-UPDATED-DATE',
  'APPT-FILTERS-COMBINE',
  'ITEM-FILTER-UPDATED',
  'VEHICLE-FILTER-UPDATED',
];
/** Orders, requests and records dated back from the member's own now over months, ties on their dates. */
const MEMBERS = ['data-dates=relative-months+sort-ties=tied'];

const reports = mkdtempSync(join(tmpdir(), 'cnf-dates-'));
afterAll(() => rmSync(reports, { recursive: true, force: true }));

describe('date-sensitive clauses judged at other dates', () => {
  it('the shifted clock moves Date alone, and a date made before still is one', () => {
    const before = new Date();
    const undo = shiftClock(Date.parse(DATES[0]!) - Date.now());
    try {
      expect(new Date().toISOString().slice(0, 10)).toBe('2026-12-31');
      expect(Math.abs(Date.now() - Date.parse(DATES[0]!))).toBeLessThan(5_000);
      expect(before instanceof Date).toBe(true);
      expect(new Date('2020-01-02T00:00:00Z').toISOString()).toBe('2020-01-02T00:00:00.000Z');
      expect(typeof Date()).toBe('string');
    } finally {
      undo();
    }
    expect(Math.abs(Date.now() - before.getTime())).toBeLessThan(60_000);
  });

  for (const [i, at] of DATES.entries()) {
    it(`at ${at}: ${CLAUSES.length} clauses pass on the mock and on members dated from their own now`, async () => {
      const realNow = Date.now();
      const offset = Date.parse(at) - realNow;
      process.env.SELFTEST_CLOCK_OFFSET_MS = String(offset);
      const undo = shiftClock(offset);
      try {
        const fronts = MEMBERS.map((m) => familyFront(m));
        const results = await runSuites({
          faults: [],
          fronts,
          reportsDir: join(reports, String(i)),
          consistencyWindowMs: 4_000,
          // One check worker: npm test keeps both cores busy, and each worker loads every check file.
          maxWorkers: 1,
          // vitest matches -t against the target's describe name too: the clause id follows a space.
          selection: { pattern: `(?:^|\\s)(${CLAUSES.join('|')})(?::| \\[)` },
        });
        expect(results.runErrors).toEqual([]);
        // The checks ran at the date too (their workers' clocks): the windows they built around the run's
        // own records end near it, none near the machine's day (the mock's seeded data are of early 2026).
        const ends = results.exchanges
          .filter((e) => e.target === 'main' && e.owner.startsWith('ITEM-FILTER-UPDATED'))
          .map((e) => Date.parse(new URL(e.url).searchParams.get('updatedDateEnd') ?? ''))
          .filter((t) => !Number.isNaN(t));
        const near = (t: number, day: number) => Math.abs(t - day) < 3 * 86_400_000;
        expect(
          ends.some((t) => near(t, Date.parse(at))),
          ends.map((t) => new Date(t).toISOString()).join(' '),
        ).toBe(true);
        expect(ends.filter((t) => near(t, realNow))).toEqual([]);
        const problems: string[] = [];
        for (const target of ['main', ...MEMBERS.map((m) => memberId(m))]) {
          for (const id of CLAUSES) {
            const mine = results.checks.filter((c) => c.clause === id && c.target === target);
            const { verdict, reason } = clauseVerdict(clauseOf(id), mine);
            if (verdict !== 'passed') {
              const failed = mine.find((c) => c.verdict === 'failed');
              problems.push(`${target} ${id}: ${verdict}: ${failed?.failures?.[0]?.message ?? reason ?? ''}`);
            }
          }
        }
        expect(problems).toEqual([]);
      } finally {
        undo();
        delete process.env.SELFTEST_CLOCK_OFFSET_MS;
      }
    }, 300_000);
  }
});
