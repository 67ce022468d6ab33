import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerReport } from '../harness/cleanup.js';
import type { PacingReport } from '../harness/pacing/index.js';
import { startMock, type MockServer } from '../mock/server.js';
import { harSchema } from './support/har-schema.js';
import { recordsCarrying } from './support/mock-records.js';
import { credentialRecorder } from './support/recorder.js';
import { mockEnv, runConformanceCli, type CliRun } from './support/run-cli.js';

/**
 * One full `npm run conformance` against a standalone mock, logging in with PARTNER_ID and
 * AUTH_KEY (tokens live 3 s, so the run refreshes them), then three proofs on its outputs:
 * no secret anywhere, nothing the run created still active, and a complete HAR.
 */
let mock: MockServer;
let recorder: Awaited<ReturnType<typeof credentialRecorder>>;
let run: CliRun;
const reports = mkdtempSync(join(tmpdir(), 'cnf-secrets-'));

beforeAll(async () => {
  mock = await startMock({ knobs: { latencyMs: 0, accessTokenTtlSeconds: 3 } });
  recorder = await credentialRecorder(mock.url);
  run = await runConformanceCli({
    ...mockEnv(mock, recorder.url),
    ACCESS_TOKEN: '',
    PARTNER_ID: mock.partner.partnerId,
    AUTH_KEY: mock.partner.authKey,
    REPORTS_DIR: reports,
    SEED: '4242',
  });
}, 300_000);

afterAll(async () => {
  await recorder?.stop();
  await mock?.stop();
  rmSync(reports, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

const output = () => `${run.stdout}\n${run.stderr}`;

describe('a full run that logs in with PARTNER_ID and AUTH_KEY', () => {
  it('passes, having logged in once and refreshed the token during the run', () => {
    expect(run.code, output().slice(-3000)).toBe(0);
    const login = recorder.calls.filter((c) => c.path.endsWith('/partners/login'));
    const refresh = recorder.calls.filter((c) => c.path.endsWith('/partners/generateNewAccessToken'));
    expect(login).toEqual([{ method: 'POST', path: '/v2/partners/login', status: 200 }]);
    expect(refresh.length).toBeGreaterThanOrEqual(1);
  });

  it('leaves no secret in any report file, in the console output or in a curl line', () => {
    const issued = [...recorder.issued];
    expect(issued.length).toBeGreaterThanOrEqual(4); // access and refresh token, at login and at least one refresh
    const secrets = new Set([mock.partner.authKey, mock.tokens.noPo, mock.tokens.expired, ...issued]);
    // The signature is the part of a JWT that makes it usable: it must not appear on its own either.
    for (const s of [...secrets]) if (s.split('.').length === 3) secrets.add(s.split('.')[2]!);
    const files = filesUnder(reports);
    expect(files.some((f) => f.includes('allure-results'))).toBe(true);
    expect(files.some((f) => f.endsWith('exchanges.har'))).toBe(true);
    const leaks: string[] = [];
    for (const f of files) {
      const text = readFileSync(f, 'latin1');
      for (const s of secrets) if (text.includes(s)) leaks.push(`${f.slice(reports.length)} holds ${s.slice(0, 8)}…`);
    }
    for (const s of secrets) if (output().includes(s)) leaks.push(`console output holds ${s.slice(0, 8)}…`);
    expect(leaks).toEqual([]);
    // Curl lines read the token from the shell instead.
    const curls = files
      .filter((f) => f.includes('allure-results'))
      .map((f) => readFileSync(f, 'utf8'))
      .filter((t) => t.startsWith('curl '));
    expect(curls.length).toBeGreaterThan(0);
    for (const c of curls) expect(c).not.toMatch(/Bearer (?!\$ACCESS_TOKEN)/);
  });
});

describe('cleanup after a full run', () => {
  it('leaves no record carrying the run marker active; the ledger accounts for every record', async () => {
    const ledger = JSON.parse(readFileSync(join(reports, 'ledger.json'), 'utf8')) as LedgerReport;
    const marked = await recordsCarrying(mock, ledger.marker);
    expect(marked.length).toBeGreaterThan(0);
    const active = marked.filter((m) => m.state === 'Active');
    expect(active.map((a) => `${a.path} ${JSON.stringify(a.record).slice(0, 160)}`)).toEqual([]);
    expect(ledger.summary.created).toBe(
      ledger.summary.archivedByChecks + ledger.summary.archivedByCleanup + ledger.summary.leftovers,
    );
    // Only appointment requests, which have no documented archive, may be left.
    expect([...new Set(ledger.leftovers.map((l) => l.resource))].filter((r) => r !== 'appointmentRequest')).toEqual([]);
  });
});

describe('exchanges.har of a full run', () => {
  it('is valid HAR 1.2 and holds every exchange the proxy served, with the target address', () => {
    const har = harSchema.parse(JSON.parse(readFileSync(join(reports, 'exchanges.har'), 'utf8')));
    const pacing = JSON.parse(readFileSync(join(reports, 'pacing.json'), 'utf8')) as PacingReport;
    expect(har.log.entries.length).toBe(pacing.requests);
    for (const e of har.log.entries) expect(e.request.url.startsWith(recorder.url)).toBe(true);
  });
});
