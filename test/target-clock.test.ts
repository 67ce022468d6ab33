import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clauseOf, type ClauseId } from '../contract/clauses.js';
import { clauseVerdict } from '../harness/certify/rules.js';
import type { EmbeddedFront } from '../harness/target.js';
import { runSuites } from '../harness/run/run-suites.js';
import { startMock } from '../mock/server.js';
import { familyFront, memberId } from './family/server.js';
import { targetTimeOfWrite, TARGET_TIME_PAD_MS, UNANCHORED_PAD_MS } from '../harness/checks/index.js';
import type { ApiResponse } from '../harness/client.js';

/**
 * S-TIME-clock-skew: the spec states no agreement between the target's clock and the harness's, so the
 * windows a check builds around the run's own writes come from the target's time (the stamps it wrote,
 * read back, or its `Date` header), never from the harness clock alone. A family member 45 days ahead
 * (its stamps and its `Date` header) and the mock whose clock runs 3 days behind must pass every
 * clause that filters on the time of the run's own records, as the mock does.
 */

const DAY_MS = 86_400_000;
const CLAUSES: ClauseId[] = [
  'ITEM-FILTER-UPDATED',
  'VEHICLE-FILTER-UPDATED',
  'ITEM-FILTERS-COMBINE',
  'VEHICLE-FILTERS-COMBINE',
  'APPT-FILTER-UPDATED-DATE',
  'APPT-FILTER-APPOINTMENT-DATE',
  'APPT-FILTERS-COMBINE',
  'APPT-UPDATED-NULL-EXCLUDED',
];
const AHEAD = 'clock=ahead-45-days';

/** The mock itself, its stamps and `Date` header 3 days behind the harness. */
const behind: EmbeddedFront = {
  id: 'clock-behind-3-days',
  label: 'mock with its clock 3 days behind',
  start: async () => {
    const m = await startMock({ now: () => Date.now() - 3 * DAY_MS });
    return { url: m.url, mock: m, customerId: m.fixtures.customerId, stop: () => m.stop() };
  },
};

const reports = mkdtempSync(join(tmpdir(), 'cnf-clock-'));
afterAll(() => rmSync(reports, { recursive: true, force: true }));

describe("windows around the run's own writes follow the target's clock", () => {
  it(`${CLAUSES.length} clauses pass on the mock, on a member 45 days ahead and on a mock 3 days behind`, async () => {
    const results = await runSuites({
      faults: [],
      fronts: [familyFront(AHEAD), behind],
      reportsDir: reports,
      consistencyWindowMs: 4_000,
      // One check worker: npm test keeps both cores busy, and each worker loads every check file.
      maxWorkers: 1,
      // vitest matches -t against the target's describe name too: the clause id follows a space.
      selection: { pattern: `(?:^|\\s)(${CLAUSES.join('|')})(?::| \\[)` },
    });
    expect(results.runErrors).toEqual([]);
    // The windows were built on each target's clock: every updatedDateEnd sent to it ends near its own
    // now (the run's writes, a day or three after them), none near the harness's day.
    const realNow = Date.now();
    for (const [target, skew] of [
      [memberId(AHEAD), 45 * DAY_MS],
      [behind.id, -3 * DAY_MS],
    ] as const) {
      const ends = results.exchanges
        .filter((e) => e.target === target && /^(ITEM|VEHICLE)-FILTER-UPDATED/.test(e.owner))
        .map((e) => Date.parse(new URL(e.url).searchParams.get('updatedDateEnd') ?? ''))
        .filter((t) => !Number.isNaN(t) && t > Date.parse('2020-01-01'));
      expect(ends.length, target).toBeGreaterThan(0);
      expect(
        ends.filter((t) => Math.abs(t - (realNow + skew)) > 4 * DAY_MS).map((t) => new Date(t).toISOString()),
        target,
      ).toEqual([]);
    }
    const problems: string[] = [];
    for (const target of ['main', memberId(AHEAD), behind.id]) {
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
  }, 300_000);
});

describe("the target's time of a write", () => {
  const sentAt = Date.parse('2026-12-02T05:00:00Z');
  const now = sentAt + 2_000;
  const answer = (date?: string): ApiResponse => ({
    status: 200,
    headers: date ? { date } : {},
    text: '',
    json: undefined,
    durationMs: 1,
    retries: 0,
  });
  const ahead = new Date(sentAt + 44 * DAY_MS).toUTCString();

  it('is the update stamp read back, else the creation stamp, padded by minutes', () => {
    const t = targetTimeOfWrite({
      records: [
        { updatedDate: '2027-01-16T05:00:01.000Z' },
        { updatedDate: null, createdDate: '2027-01-16T05:00:00.500Z' },
      ],
      answer: answer(ahead),
      sentAt,
      now,
    });
    expect(t.at).toEqual({
      lo: Date.parse('2027-01-16T05:00:00.500Z') - TARGET_TIME_PAD_MS,
      hi: Date.parse('2027-01-16T05:00:01.000Z') + TARGET_TIME_PAD_MS,
    });
    // From the stamps, not the header (here a day off): they are the record's own time.
    expect(t.skewMs).toBe(Date.parse('2027-01-16T05:00:00.500Z') - sentAt);
  });

  it("is the write answer's Date header when no stamp shows, 3 days behind", () => {
    const d = sentAt - 3 * DAY_MS;
    const t = targetTimeOfWrite({
      records: [{ updatedDate: null }],
      answer: answer(new Date(d).toUTCString()),
      sentAt,
      now,
    });
    expect(t.at.lo).toBe(d - 2_000 - 1_000 - TARGET_TIME_PAD_MS);
    expect(t.at.hi).toBe(d + 2_000 + 1_000 + TARGET_TIME_PAD_MS);
    expect(t.skewMs).toBe(-3 * DAY_MS);
  });

  it("falls back on the harness's clock, padded by hours, only when the target shows no time", () => {
    const t = targetTimeOfWrite({ records: [], answer: answer(), sentAt, now });
    expect(t.at).toEqual({ lo: sentAt - UNANCHORED_PAD_MS, hi: now + UNANCHORED_PAD_MS });
    expect(t.skewMs).toBe(0);
  });
});
