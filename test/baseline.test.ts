import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clauseIds } from '../contract/clauses.js';
import { ConfigError } from '../harness/core/errors.js';
import { diffBaseline, gateExitCode, readBaseline, type Baseline } from '../harness/certify/baseline.js';
import type { Certification, ClauseVerdict } from '../harness/certify/certify.js';
import { startMock, type MockServer } from '../mock/server.js';
import { runCli, sampleCertification, stderrLines } from './report-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'cnf-baseline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A baseline in which every clause had `verdict`, except the overrides. */
function baselineWith(
  verdict: ClauseVerdict,
  overrides: Record<string, ClauseVerdict> = {},
  drop: string[] = [],
): Baseline {
  return {
    verdict: 'conformant',
    finishedAt: '2024-12-31T00:00:00.000Z',
    clauses: clauseIds.filter((id) => !drop.includes(id)).map((id) => ({ id, verdict: overrides[id] ?? verdict })),
  };
}

const current = (): Certification => {
  return sampleCertification(); // ITEM-PAGE-ONE-BASED failed, ITEM-CREATE-ENVELOPE passed
};

describe('baseline diff', () => {
  it('lists newly failing, newly passing and new clauses', () => {
    const cert = current();
    const diff = diffBaseline(
      baselineWith('passed', { 'ITEM-CREATE-ENVELOPE': 'failed' }, ['AUTH-REJECTION-STATUS']),
      cert,
      'old.json',
    );
    expect(diff.newlyFailing.map((c) => [c.id, c.was, c.now])).toEqual([['ITEM-PAGE-ONE-BASED', 'passed', 'failed']]);
    expect(diff.newlyPassing.map((c) => [c.id, c.was])).toEqual([['ITEM-CREATE-ENVELOPE', 'failed']]);
    expect(diff.newClauses.map((c) => c.id)).toEqual(['AUTH-REJECTION-STATUS']);
  });

  it('does not call a clause that already failed in the baseline newly failing', () => {
    const diff = diffBaseline(baselineWith('passed', { 'ITEM-PAGE-ONE-BASED': 'failed' }), current(), 'old.json');
    expect(diff.newlyFailing).toEqual([]);
  });

  it('counts a failing clause the baseline did not know as newly failing and new', () => {
    const diff = diffBaseline(baselineWith('passed', {}, ['ITEM-PAGE-ONE-BASED']), current(), 'old.json');
    expect(diff.newlyFailing.map((c) => c.id)).toEqual(['ITEM-PAGE-ONE-BASED']);
    expect(diff.newClauses.map((c) => c.id)).toEqual(['ITEM-PAGE-ONE-BASED']);
  });
});

describe('fail-on', () => {
  const cert = current();
  const regression = diffBaseline(baselineWith('passed'), cert, 'b.json');
  const noRegression = diffBaseline(baselineWith('passed', { 'ITEM-PAGE-ONE-BASED': 'failed' }), cert, 'b.json');

  it('any: 1 on any failing clause or run error, 3 when only inconclusive, 0 when conformant', () => {
    expect(gateExitCode(cert, 'any')).toBe(1);
    expect(gateExitCode({ verdict: 'inconclusive', runErrors: [] }, 'any')).toBe(3);
    expect(gateExitCode({ verdict: 'conformant', runErrors: [] }, 'any')).toBe(0);
    expect(gateExitCode(cert, 'any', noRegression)).toBe(1);
  });

  it('regression: 1 only on a newly failing clause', () => {
    expect(gateExitCode(cert, 'regression', regression)).toBe(1);
    expect(gateExitCode(cert, 'regression', noRegression)).toBe(0);
    expect(gateExitCode({ verdict: 'inconclusive', runErrors: [] }, 'regression', noRegression)).toBe(3);
  });
});

describe('reading a baseline', () => {
  it('rejects a missing file and a file that is not a certification as usage errors', () => {
    expect(() => readBaseline(join(dir, 'nope.json'))).toThrow(ConfigError);
    writeFileSync(join(dir, 'junk.json'), '{"hello": 1}');
    expect(() => readBaseline(join(dir, 'junk.json'))).toThrow(/not a certification\.json/);
    writeFileSync(join(dir, 'cert.json'), JSON.stringify(current()));
    expect(readBaseline(join(dir, 'cert.json')).clauses).toHaveLength(clauseIds.length);
  });
});

describe('npm run conformance: gate flags', () => {
  it('answers each invalid flag with exit 2 and one line', async () => {
    writeFileSync(join(dir, 'junk.json'), '[]');
    const cases: [string[], RegExp][] = [
      [
        ['--fail-on', 'sometimes'],
        /--fail-on <when>' argument 'sometimes' is invalid. Allowed choices are any, regression/,
      ],
      [['--fail-on', 'regression'], /needs --baseline/],
      [['--baseline', join(dir, 'missing.json')], /--baseline .*cannot read/],
      [['--baseline', join(dir, 'junk.json')], /not a certification\.json/],
      [['--shard', '4/3'], /--shard must be i\/n/],
      [['--shard', 'half'], /--shard must be i\/n/],
      [['--no-such-flag'], /no-such-flag/],
    ];
    const runs = await Promise.all(cases.map(([args]) => runCli('run', args, { REPORTS_DIR: dir })));
    runs.forEach((r, i) => {
      const [args, pattern] = cases[i]!;
      expect(r.code, args.join(' ')).toBe(2);
      const lines = stderrLines(r.stderr);
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0], args.join(' ')).toMatch(pattern);
    });
  });
});

describe('npm run conformance -- --baseline … --fail-on regression (end to end)', () => {
  let faulty: MockServer;
  beforeAll(async () => {
    faulty = await startMock({ faults: ['items-page-zero-based'] });
  });
  afterAll(() => faulty.stop());

  it('exits 1 on a newly failing clause and 0 when the same clause already failed in the baseline', async () => {
    const f = faulty.fixtures;
    const env = {
      BASE_URL: faulty.url,
      ACCESS_TOKEN: faulty.tokens.full,
      COMPANY_ID: f.companyId,
      RATE_LIMIT_GET_PER_MIN: '0',
      RATE_LIMIT_WRITE_PER_MIN: '0',
      SEED: '11',
      VITEST_MAX_WORKERS: '1',
    };
    const passing = join(dir, 'all-passed.json');
    writeFileSync(passing, JSON.stringify(baselineWith('passed')));
    const first = join(dir, 'first');
    const r1 = await runCli(
      'run',
      ['--baseline', passing, '--fail-on', 'regression', 'suites/items/page-numbers-are-one-based.check.ts'],
      { ...env, REPORTS_DIR: first },
    );
    expect(r1.code, r1.stdout.slice(-1500) + r1.stderr.slice(-1500)).toBe(1);
    expect(r1.stdout).toMatch(/1 newly failing:\n\s+ITEM-PAGE-ONE-BASED \(§2\.7\): passed → failed/);
    const cert1 = JSON.parse(readFileSync(join(first, 'certification.json'), 'utf8')) as Certification;
    expect(cert1.baseline?.newlyFailing.map((c) => c.id)).toEqual(['ITEM-PAGE-ONE-BASED']);
    expect(readFileSync(join(first, 'certification', 'index.html'), 'utf8')).toMatch(/Newly failing \(1\)/);

    const r2 = await runCli(
      'run',
      [
        '--baseline',
        join(first, 'certification.json'),
        '--fail-on',
        'regression',
        'suites/items/page-numbers-are-one-based.check.ts',
      ],
      { ...env, REPORTS_DIR: join(dir, 'second') },
    );
    expect(r2.code, r2.stdout.slice(-1500) + r2.stderr.slice(-1500)).toBe(0);
    expect(r2.stdout).toMatch(/0 newly failing/);
    expect(r2.stdout).toMatch(/failed: ITEM-PAGE-ONE-BASED/);
  });
});
