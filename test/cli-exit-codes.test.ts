import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockServer } from '../mock/server.js';
import { expectValidCertification } from './support/certification-schema.js';

/** `npm run conformance` as a user runs it: a child process, its exit code and its files. */
// Asynchronous on purpose: the faulty mock below answers from this very thread.
async function conformance(env: Record<string, string>, args: string[] = []) {
  const reports = mkdtempSync(join(tmpdir(), 'cnf-cli-'));
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(BASE_URL|ACCESS_TOKEN|COMPANY_ID|CONFORMANCE_|VITEST|PARTNER_ID|AUTH_KEY)/.test(k),
    ),
  );
  const child = spawn(process.execPath, ['--', 'bin/partner-conformance.js', 'run', ...args], {
    env: { ...clean, ENV_FILE: '/dev/null', REPORTS_DIR: reports, NO_COLOR: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr, reports };
}

describe('npm run conformance exit codes', () => {
  let faulty: MockServer;
  beforeAll(async () => {
    faulty = await startMock({ faults: ['items-page-zero-based'] });
  });
  afterAll(() => faulty.stop());

  it('exits 2 with one line naming COMPANY_ID when it is missing against a BASE_URL', async () => {
    const r = await conformance({ BASE_URL: 'http://127.0.0.1:9/v2', ACCESS_TOKEN: 'token-for-the-test' });
    expect(r.code).toBe(2);
    const lines = r.stderr.split('\n').filter((l) => l.trim() && !/npm warn/i.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/COMPANY_ID/);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('exits 3 (inconclusive) when the target cannot be reached', async () => {
    const r = await conformance({
      BASE_URL: 'http://127.0.0.1:9/v2',
      ACCESS_TOKEN: 'token-for-the-test',
      COMPANY_ID: 'c1',
    });
    expect(r.code).toBe(3);
    expect(r.stderr + r.stdout).toMatch(/could not be reached|inconclusive/i);
  });

  it('exits 1 and names ITEM-PAGE-ONE-BASED when items pages are 0-based', async () => {
    const f = faulty.fixtures;
    const r = await conformance(
      {
        BASE_URL: faulty.url,
        ACCESS_TOKEN: faulty.tokens.full,
        COMPANY_ID: f.companyId,
        RATE_LIMIT_GET_PER_MIN: '0',
        RATE_LIMIT_WRITE_PER_MIN: '0',
        SEED: '7',
      },
      ['-t', 'ITEM-PAGE'],
    );
    expect(r.code, r.stdout.slice(-2000) + r.stderr.slice(-2000)).toBe(1);
    expect(readFileSync(join(r.reports, 'certification.md'), 'utf8')).toMatch(/ITEM-PAGE-ONE-BASED/);
    expectValidCertification(join(r.reports, 'certification.json'));
    const cert = JSON.parse(readFileSync(join(r.reports, 'certification.json'), 'utf8')) as {
      clauses: { id: string; verdict: string }[];
    };
    expect(cert.clauses.filter((c) => c.verdict === 'failed').map((c) => c.id)).toEqual(['ITEM-PAGE-ONE-BASED']);
  });
});
