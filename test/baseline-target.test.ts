import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baselineMismatch, readBaseline } from '../harness/certify/baseline.js';
import { facts, runCli, sampleCertification, sampleJournal, stderrLines } from './report-fixtures.js';

/**
 * Issue 36 case 4: a baseline certified against another target, company or mode gates nothing: the
 * run exits 2 with one line naming the difference, before any request, unless --allow-other-baseline
 * (or ALLOW_OTHER_BASELINE) says to compare anyway.
 */

const dir = mkdtempSync(join(tmpdir(), 'cnf-baseline-target-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The sample certificate: live https://partner.example.test/v2, company cmp_1, full mode, no rate limit.
const liveBaseline = join(dir, 'live.json');
writeFileSync(liveBaseline, JSON.stringify(sampleCertification()));
const embeddedBaseline = join(dir, 'embedded.json');
writeFileSync(
  embeddedBaseline,
  JSON.stringify(
    sampleCertification(
      sampleJournal(
        facts({
          target: {
            url: 'http://127.0.0.1:4010/v2',
            kind: 'embedded',
            identity: 'embedded reference mock (data seed 1)',
            companyId: 'cmp_mock',
          },
        }),
      ),
    ),
  ),
);

const live = { BASE_URL: 'https://partner.example.test/v2', ACCESS_TOKEN: 'tok', COMPANY_ID: 'cmp_1' };
const unpaced = { RATE_LIMIT_GET_PER_MIN: '0', RATE_LIMIT_WRITE_PER_MIN: '0' };

describe('baselineMismatch', () => {
  const b = readBaseline(liveBaseline);
  it('is silent for the same target, company and mode (a trailing slash aside)', () => {
    const run = {
      baseUrl: 'https://partner.example.test/v2/',
      companyId: 'cmp_1',
      mode: 'full' as const,
      frugal: false,
    };
    expect(baselineMismatch(b, 'b.json', run)).toBeUndefined();
  });
  it('names the target, the company or the mode that differs, in that order', () => {
    const same = {
      baseUrl: 'https://partner.example.test/v2',
      companyId: 'cmp_1',
      mode: 'full' as const,
      frugal: false,
    };
    expect(baselineMismatch(b, 'b.json', { ...same, baseUrl: 'https://staging.example.test/v2' })).toMatch(
      /^--baseline b\.json certified the target https:\/\/partner\.example\.test\/v2, this run https:\/\/staging\.example\.test\/v2: /,
    );
    expect(baselineMismatch(b, 'b.json', { ...same, baseUrl: undefined })).toContain('this run the embedded mock');
    expect(baselineMismatch(b, 'b.json', { ...same, companyId: 'cmp_2' })).toContain(
      'certified company cmp_1, this run cmp_2',
    );
    expect(baselineMismatch(b, 'b.json', { ...same, mode: 'readonly' })).toContain(
      'certified in mode full, this run readonly',
    );
    expect(baselineMismatch(b, 'b.json', { ...same, frugal: true })).toContain(
      'certified in mode full, this run full (rate-limited, frugal)',
    );
  });
  it('compares an embedded baseline with an embedded run whatever its port, and its company only when set', () => {
    const e = readBaseline(embeddedBaseline);
    expect(baselineMismatch(e, 'e.json', { mode: 'full', frugal: false })).toBeUndefined();
    expect(baselineMismatch(e, 'e.json', { companyId: 'cmp_other', mode: 'full', frugal: false })).toContain(
      'company cmp_mock',
    );
  });
  it('does not compare what an older baseline does not record', () => {
    const old = { verdict: 'conformant', finishedAt: 'x', clauses: [] };
    expect(baselineMismatch(old, 'o.json', { mode: 'readonly', frugal: true })).toBeUndefined();
  });
});

describe('run --baseline of another target (end to end, before any request)', () => {
  const reports = (name: string) => ({ REPORTS_DIR: join(dir, name) });
  it('exits 2 with one line naming the target, the company or the mode that differs', async () => {
    const [target, company, mode] = await Promise.all([
      runCli('run', ['--baseline', liveBaseline], { ...reports('t'), ...live, BASE_URL: 'http://127.0.0.1:9/v2' }),
      runCli('run', ['--baseline', liveBaseline], { ...reports('c'), ...live, COMPANY_ID: 'cmp_9' }),
      runCli('run', ['--baseline', liveBaseline], {
        ...reports('m'),
        ...live,
        ...unpaced,
        CONFORMANCE_MODE: 'readonly',
      }),
    ]);
    for (const [r, what] of [
      [target, 'certified the target https://partner.example.test/v2, this run http://127.0.0.1:9/v2'],
      [company, 'certified company cmp_1, this run cmp_9'],
      [mode, 'certified in mode full, this run readonly'],
    ] as const) {
      expect(r.code, r.stderr).toBe(2);
      const lines = stderrLines(r.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(what);
      expect(lines[0]).toContain('--allow-other-baseline');
      expect(r.stdout).not.toContain('Certifying');
    }
  }, 120_000);

  it('compares anyway with --allow-other-baseline or ALLOW_OTHER_BASELINE (the run then goes on to its selection)', async () => {
    // -t matching no check ends the run at its selection, exit 2 with another line: the baseline was let through.
    const none = ['-t', '^NO-SUCH-CLAUSE$'];
    const [flag, setting] = await Promise.all([
      runCli('run', ['--baseline', liveBaseline, '--allow-other-baseline', ...none], reports('f')),
      runCli('run', ['--baseline', liveBaseline, ...none], { ...reports('s'), ALLOW_OTHER_BASELINE: 'true' }),
    ]);
    for (const r of [flag, setting]) {
      expect(r.stderr).not.toContain('a baseline compares one target with itself');
      expect(r.stderr + r.stdout).toContain('no check matched');
    }
  }, 180_000);
});
