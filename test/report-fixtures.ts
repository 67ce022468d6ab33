import { spawn } from 'node:child_process';
import { clauses } from '../contract/clauses.js';
import { certify, type Certification } from '../harness/certify/certify.js';
import type { CheckOutcome, JournalEvent, RecordedExchange, RunFacts } from '../harness/core/events.js';

/** Shared fixtures of the report self-tests: a small run's journal, with one failure, a skip and evidence. */

const at = '2025-01-01T10:00:00.000Z';

export function exchange(owner: string, overrides: Partial<RecordedExchange> = {}): RecordedExchange {
  return {
    id: `ex-${owner}`,
    owner,
    target: 'main',
    startedAt: at,
    method: 'GET',
    url: 'https://partner.example.test/v2/items?companyId=cmp_1&size=5&page=1',
    requestHeaders: { authorization: 'Bearer <redacted>', accept: 'application/json' },
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: '{"content":[],"number":0,"pageable":{"pageNumber":0}}',
    durationMs: 12,
    ...overrides,
  };
}

export function check(c: Partial<CheckOutcome> & Pick<CheckOutcome, 'clause' | 'verdict'>): CheckOutcome {
  const key = c.variant ? `${c.clause} [${c.variant}]` : c.clause;
  return {
    key,
    target: 'main',
    name: `${key}: a check`,
    file: 'suites/items/x.check.ts',
    observations: [],
    evidence: c.verdict === 'passed' ? ['1 thing judged'] : [],
    cited: [],
    shared: [],
    waits: [],
    requests: 1,
    retries: 0,
    startedAt: at,
    durationMs: 10,
    // A skip or an inconclusive end always has a typed cause; fixtures that name none get the plain one.
    ...(c.verdict === 'skipped' || c.verdict === 'inconclusive'
      ? {
          cause: {
            kind: c.verdict === 'skipped' ? ('not-applicable' as const) : ('no-evidence' as const),
            message: c.reason ?? '',
          },
        }
      : {}),
    ...c,
  };
}

export function facts(overrides: Partial<RunFacts> = {}): RunFacts {
  return {
    runId: 'run-sample',
    harness: { name: 'partner-api-v2-conformance', version: '0.0.0-test' },
    spec: { file: 'spec.md', sha256: null },
    target: {
      url: 'https://partner.example.test/v2',
      kind: 'live',
      identity: 'https://partner.example.test/v2',
      companyId: 'cmp_1',
    },
    startedAt: at,
    seed: 42,
    numRuns: 5,
    mode: 'full',
    selection: { mode: 'full' },
    planned: { keys: [], plan: { checks: 4, sharedTasks: 0, get: 4, write: 1, lowerBoundMs: 0 } },
    limits: { getPerMin: 0, writePerMin: 0, maxConcurrency: 4, requestTimeoutMs: 15000, consistencyWindowMs: 10000 },
    config: {
      BASE_URL: 'https://partner.example.test/v2',
      COMPANY_ID: 'cmp_1',
      ACCESS_TOKEN: 'set',
      ACCESS_TOKEN_NO_PO: 'not set',
      SEED: 42,
    },
    warnings: [],
    ...overrides,
  };
}

/** A journal of `checks` with their exchanges, started and ended like a run's. */
export function journalOf(
  checks: CheckOutcome[],
  exchanges: RecordedExchange[] = [],
  f: RunFacts = facts(),
): JournalEvent[] {
  const runId = f.runId;
  return [
    { type: 'run-started', at, run: f },
    ...exchanges.map((exchange): JournalEvent => ({ type: 'exchange', at, runId, exchange })),
    ...checks.map((outcome): JournalEvent => ({ type: 'check', at, runId, outcome })),
    { type: 'run-ended', at: '2025-01-01T10:01:00.000Z', runId },
  ];
}

/** The sample run: ITEM-PAGE-ONE-BASED failed (typed, with its exchange), one pass, one skip, one observation. */
export function sampleJournal(f: RunFacts = facts()): JournalEvent[] {
  const failing = exchange('ITEM-PAGE-ONE-BASED');
  return journalOf(
    [
      check({
        clause: 'ITEM-PAGE-ONE-BASED',
        verdict: 'failed',
        reason: 'page=1 is not numbered 1 <script>alert("x")</script>',
        failures: [
          {
            kind: 'field-mismatch',
            field: 'number',
            message: 'page=1: number is 0, expected 1',
            expected: 1,
            actual: 0,
            path: 'number',
            exchange: failing.id,
          },
        ],
      }),
      check({
        clause: 'ITEM-CREATE-ENVELOPE',
        variant: 'part',
        verdict: 'passed',
        file: 'suites/items/create-part.check.ts',
      }),
      check({
        clause: 'PO-PERMISSION-REQUIRED',
        verdict: 'skipped',
        file: 'suites/po/p.check.ts',
        reason: 'ACCESS_TOKEN_NO_PO is not set',
        cause: { kind: 'missing-setting', setting: 'ACCESS_TOKEN_NO_PO', message: 'ACCESS_TOKEN_NO_PO is not set' },
      }),
      check({
        clause: 'AUTH-REJECTION-STATUS',
        verdict: 'passed',
        file: 'suites/platform/a.check.ts',
        observations: [{ name: 'status for a request without a token', value: 401 }],
      }),
    ],
    [
      failing,
      exchange('ITEM-CREATE-ENVELOPE [part]', {
        method: 'POST',
        url: 'https://partner.example.test/v2/items',
        requestBody: '{"companyId":"cmp_1","items":[]}',
      }),
    ],
    f,
  );
}

export function sampleCertification(events: JournalEvent[] = sampleJournal()): Certification {
  return certify(events, clauses);
}

/** Runs a CLI of the harness as a user would (tsx), with a clean environment. */
/** `partner-conformance <command> …` as a child process, with none of the caller's settings. */
export async function runCli(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(BASE_URL|ACCESS_TOKEN|COMPANY_ID|CONFORMANCE_|PARTNER_CONFORMANCE_|VITEST|PARTNER_ID|AUTH_KEY|SEED|REPORTS_DIR)/.test(
          k,
        ),
    ),
  );
  const child = spawn(process.execPath, ['--', 'bin/partner-conformance.js', ...(command ? [command] : []), ...args], {
    env: { ...clean, ENV_FILE: '/dev/null', CONFORMANCE_CONFIG: '/dev/null', NO_COLOR: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

/** stderr lines a user reads (npm's own warnings left out). */
export const stderrLines = (s: string) => s.split('\n').filter((l) => l.trim() && !/npm warn/i.test(l));
