import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsCatalogue } from '../../harness/config.js';
import type { MockServer } from '../../mock/server.js';

/** Every configuration name, blanked so a developer's .env cannot leak into a self-test run. */
const CONFIG_NAMES = [
  'BASE_URL',
  'ACCESS_TOKEN',
  'ACCESS_TOKEN_NO_PO',
  'PARTNER_ID',
  'AUTH_KEY',
  'COMPANY_ID',
  'LOCATION_ID',
  'SECOND_LOCATION_ID',
  'CUSTOMER_ID',
  'OTHER_COMPANY_ID',
  'CONFORMANCE_MODE',
  'CONFORMANCE_PROFILE',
  'AUTH_LOGIN_PATH',
  'AUTH_REFRESH_PATH',
  'SEED',
  'NUM_RUNS',
  'MAX_CONCURRENCY',
  'REQUEST_TIMEOUT_MS',
  'RATE_LIMIT_GET_PER_MIN',
  'RATE_LIMIT_WRITE_PER_MIN',
  'ACCESS_TOKEN_EXPIRED',
  'CONSISTENCY_WINDOW_MS',
];

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/** The environment that points `npm run conformance` at a standalone mock, as its banner prints it. */
export function mockEnv(mock: MockServer, baseUrl = mock.url): Record<string, string> {
  return {
    BASE_URL: baseUrl,
    ACCESS_TOKEN: mock.tokens.full,
    ACCESS_TOKEN_NO_PO: mock.tokens.noPo,
    ACCESS_TOKEN_EXPIRED: mock.tokens.expired,
    COMPANY_ID: mock.fixtures.companyId,
    OTHER_COMPANY_ID: mock.fixtures.otherCompanyId,
    LOCATION_ID: mock.fixtures.locationId,
    SECOND_LOCATION_ID: mock.fixtures.secondLocationId,
    CUSTOMER_ID: mock.fixtures.customerId,
    RATE_LIMIT_GET_PER_MIN: '0',
    RATE_LIMIT_WRITE_PER_MIN: '0',
    // Five property runs, not 25: these tests judge what the harness does around a run (outputs,
    // signals, retries, scope, cleanup), and a full run costs a quarter less CPU (10.9 against 14.6
    // CPU-s on the mock). The default depth runs in the self-check's conforming mock, the scope
    // test's embedded run and the conformance proofs of other servers (they set NUM_RUNS back).
    NUM_RUNS: '5',
  };
}

/**
 * Runs `npm run conformance` (the CLI, through tsx) in a child process, the way a user does.
 * `onOutput` sees the output as it comes, e.g. to stop the target halfway.
 */
export function runConformanceCli(
  env: Record<string, string>,
  args: string[] = [],
  opts: { timeoutMs?: number; onOutput?: (chunk: string) => void; onStart?: (child: ChildProcess) => void } = {},
): Promise<CliRun> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST') clean[k] = v;
  for (const k of CONFIG_NAMES) clean[k] = '';
  // A developer's PARTNER_CONFORMANCE_* names would win over the test's plain ones, and a
  // conformance.config.json in the checkout would be read: neither may reach a self-test run.
  for (const s of settingsCatalogue) if (s.alias) delete clean[s.alias];
  // An empty value is unset, so blanking cannot hide a developer's .env: name none.
  clean.CONFORMANCE_CONFIG = '/dev/null';
  clean.ENV_FILE = '/dev/null';
  // One check worker: npm test keeps both cores busy with several runs at once, and each worker
  // loads every check file anew (a full run on the mock: 19 CPU-s with one, 27 with two).
  Object.assign(clean, { VITEST_MAX_WORKERS: '1', FORCE_COLOR: '0', NO_COLOR: '1' }, env);
  const started = performance.now();
  return new Promise((done, fail) => {
    // The command as the npm scripts run it, in this one process: no parent process relaying signals.
    const child = spawn(process.execPath, ['--', 'bin/partner-conformance.js', 'run', ...args], {
      cwd: root,
      env: clean,
    });
    opts.onStart?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      opts.onOutput?.(c.toString());
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      opts.onOutput?.(c.toString());
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 300_000);
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr, durationMs: Math.round(performance.now() - started) });
    });
  });
}
