import { spawn } from 'node:child_process';
import type { RecordedExchange } from '../harness/exchange-log.js';
import type { CheckResult, RunResults } from '../harness/report/results.js';
import type { RunSummary } from '../harness/report/run-summary.js';

/** Shared fixtures of the report self-tests: a small run with one failure, a skip and evidence. */

export function exchange(clause: string, overrides: Partial<RecordedExchange> = {}): RecordedExchange {
  return {
    id: `ex-${clause}`,
    clause,
    target: 'main',
    startedAt: '2025-01-01T10:00:00.000Z',
    method: 'GET',
    url: 'http://127.0.0.1:4010/v2/items?companyId=cmp_1&size=5&page=1',
    requestHeaders: { authorization: 'Bearer <redacted>', accept: 'application/json' },
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: '{"content":[],"number":0}',
    durationMs: 12,
    ...overrides,
  };
}

export function check(c: Partial<CheckResult> & Pick<CheckResult, 'clause' | 'verdict'>): CheckResult {
  return {
    target: 'main',
    name: `${c.clause}${c.variant ? ` [${c.variant}]` : ''}: a check`,
    file: 'suites/items/x.check.ts',
    observations: [],
    requests: c.exchanges?.length ?? 0,
    retries: 0,
    durationMs: 10,
    ...c,
  };
}

export function sampleRun(): { summary: RunSummary; results: RunResults } {
  const summary: RunSummary = {
    runId: 'run-sample',
    seed: 42,
    numRuns: 5,
    mode: 'full',
    startedAt: '2025-01-01T10:00:00.000Z',
    target: { url: 'https://partner.example.test/v2', kind: 'live', companyId: 'cmp_1' },
    maxConcurrency: 4,
    requestTimeoutMs: 15000,
    config: { BASE_URL: 'https://partner.example.test/v2', COMPANY_ID: 'cmp_1', ACCESS_TOKEN: 'set', ACCESS_TOKEN_NO_PO: 'not set', SEED: 42 },
  };
  const results: RunResults = {
    runId: 'run-sample',
    seed: 42,
    startedAt: '2025-01-01T10:00:00.000Z',
    finishedAt: '2025-01-01T10:01:00.000Z',
    runErrors: [],
    checks: [
      check({
        clause: 'ITEM-PAGE-ONE-BASED',
        verdict: 'failed',
        errors: ['number was 0 for page=1, expected 1 <script>alert("x")</script>'],
        exchanges: [exchange('ITEM-PAGE-ONE-BASED')],
      }),
      check({
        clause: 'ITEM-CREATE-ENVELOPE',
        variant: 'part',
        verdict: 'passed',
        file: 'suites/items/create-part.check.ts',
        exchanges: [exchange('ITEM-CREATE-ENVELOPE', { method: 'POST', url: 'http://127.0.0.1:4010/v2/items', requestBody: '{"companyId":"cmp_1","items":[]}' })],
      }),
      check({ clause: 'PO-PERMISSION-REQUIRED', verdict: 'skipped', file: 'suites/po/p.check.ts', reason: 'ACCESS_TOKEN_NO_PO is not set' }),
      check({
        clause: 'AUTH-REJECTION-STATUS',
        verdict: 'passed',
        file: 'suites/platform/a.check.ts',
        observations: [{ name: 'status for a request without a token', value: 401 }],
      }),
    ],
  };
  return { summary, results };
}

/** Runs a CLI of the harness as a user would (tsx), with a clean environment. */
export async function runCli(script: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(BASE_URL|ACCESS_TOKEN|COMPANY_ID|CONFORMANCE_|PARTNER_CONFORMANCE_|VITEST|PARTNER_ID|AUTH_KEY|SEED|REPORTS_DIR)/.test(k)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...clean, ENV_FILE: '/dev/null', CONFORMANCE_CONFIG: '/dev/null', NO_COLOR: '1', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

/** stderr lines a user reads (npm's own warnings left out). */
export const stderrLines = (s: string) => s.split('\n').filter((l) => l.trim() && !/npm warn/i.test(l));
