import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LedgerReport } from '../harness/cleanup.js';
import { outputNames } from '../harness/outputs/registry.js';
import type { Certification } from '../harness/certify/certify.js';
import { startMock, type MockServer } from '../mock/server.js';
import { recordsCarrying } from './support/mock-records.js';
import { runCli } from './report-fixtures.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';

const root = mkdtempSync(join(tmpdir(), 'cnf-interrupted-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Sends `signal` once the run has created records the cleanup can archive. */
function interruptWhenArchivable(mock: MockServer, signal: NodeJS.Signals, state: { sent: boolean }) {
  return (child: ChildProcess) => {
    const watch = setInterval(() => {
      // Wait for records the cleanup can archive: rejected creates and the auth matrix's 401s
      // are POSTs too, and appointment requests have no documented archive.
      const archivable = mock.requestLog.filter(
        (r) => r.method === 'POST' && r.status < 300 && /\/v2\/(items|vehicles|customers)$/.test(r.path),
      );
      if (archivable.length >= 5) {
        clearInterval(watch);
        state.sent = true;
        child.kill(signal);
      }
    }, 20);
    child.on('close', () => clearInterval(watch));
  };
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Nothing archivable left: only appointment requests, which have no documented archive. */
async function expectNothingArchivableLeft(mock: MockServer, ledger: LedgerReport): Promise<void> {
  expect(ledger.summary.created).toBeGreaterThan(0);
  expect(ledger.summary.archivedByChecks + ledger.summary.archivedByCleanup).toBeGreaterThan(0);
  expect(
    ledger.leftovers
      .filter((l) => l.resource !== 'appointmentRequest')
      .map((l) => `${l.resource} ${l.id}: ${l.reason}`),
  ).toEqual([]);
  const active = (await recordsCarrying(mock, ledger.marker)).filter((m) => m.state === 'Active');
  expect(active.map((a) => JSON.stringify(a.record).slice(0, 160))).toEqual([]);
}

describe('a run interrupted by SIGTERM', () => {
  it('archives what it created before leaving, publishes the ledger, and exits 143', async () => {
    const reports = join(root, 'sigterm');
    // Some latency keeps the run going long enough to interrupt it in the middle.
    const mock = await startMock({ knobs: { latencyMs: 40 } });
    const state = { sent: false };
    try {
      const run = await runConformanceCli({ ...mockEnv(mock), REPORTS_DIR: reports, SEED: '8080' }, [], {
        timeoutMs: 240_000,
        onStart: interruptWhenArchivable(mock, 'SIGTERM', state),
      });
      const output = `${run.stdout}\n${run.stderr}`;
      expect(state.sent, 'the run ended before it could be interrupted').toBe(true);
      expect(run.code, output.slice(-3000)).toBe(143);
      expect(output).toMatch(/SIGTERM: stopping; archiving what this run created/);
      expect(existsSync(join(reports, 'exchanges.har'))).toBe(true);
      const ledger = readJson<LedgerReport>(join(reports, 'ledger.json'));
      expect(ledger.trigger).toBe('SIGTERM');
      // What the cleanup archives depends on where the signal lands; what must hold is that it left
      // nothing archivable behind.
      await expectNothingArchivableLeft(mock, ledger);
      expect(readJson<Certification>(join(reports, 'certification.json')).verdict).toBe('interrupted');
    } finally {
      await mock.stop();
    }
  }, 300_000);
});

describe('Ctrl-C halfway through a run, after a CONFORMANT one in the same REPORTS_DIR', () => {
  it('publishes an INTERRUPTED certification in a bundle that verifies, with nothing of the CONFORMANT run left beside it', async () => {
    const reports = join(root, 'ctrl-c');
    const mock = await startMock({ knobs: { latencyMs: 40 } });
    const state = { sent: false };
    try {
      // The previous run: CONFORMANT, with a full set of outputs.
      const first = await runConformanceCli({ ...mockEnv(mock), REPORTS_DIR: reports, SEED: '7' }, ['-t', 'ITEM-PAGE']);
      expect(first.code, first.stdout.slice(-2000)).toBe(0);
      const previous = readJson<Certification>(join(reports, 'certification.json'));
      expect(previous.verdict).toBe('passed');
      expect(existsSync(join(reports, 'junit.xml'))).toBe(true);
      expect(existsSync(join(reports, 'allure-results'))).toBe(true);

      const startedAt = Date.now();
      const run = await runConformanceCli({ ...mockEnv(mock), REPORTS_DIR: reports, SEED: '9090' }, [], {
        timeoutMs: 240_000,
        onStart: interruptWhenArchivable(mock, 'SIGINT', state),
      });
      const output = `${run.stdout}\n${run.stderr}`;
      expect(state.sent, 'the run ended before it could be interrupted').toBe(true);
      expect(run.code, output.slice(-3000)).toBe(130);
      expect(output).toMatch(/Verdict: INTERRUPTED/);
      expect(output).toMatch(/why: interrupted by SIGINT at \d\d:\d\d:\d\d UTC after \d+ finished check\(s\)/);

      // The certification says INTERRUPTED, what ran and what it created, and is this run's.
      const cert = readJson<Certification>(join(reports, 'certification.json'));
      expect(cert.verdict).toBe('interrupted');
      expect(cert.run.runId).not.toBe(previous.run.runId);
      expect(cert.interrupted).toMatchObject({ signal: 'SIGINT' });
      expect(cert.interrupted!.records!.created).toBeGreaterThan(0);
      expect(cert.clauses.filter((c) => c.verdict === 'not-run').every((c) => /interrupted/.test(c.reason ?? ''))).toBe(
        true,
      );
      expect(readFileSync(join(reports, 'certification.md'), 'utf8')).toMatch(
        /^# Partner API v2 conformance: INTERRUPTED/,
      );
      await expectNothingArchivableLeft(mock, readJson<LedgerReport>(join(reports, 'ledger.json')));

      // npm run verify-bundle accepts the bundle; its page and certification say INTERRUPTED.
      const verify = await runCli('verify', [join(reports, 'certification')]);
      expect(verify.code, verify.stderr).toBe(0);
      expect(verify.stdout).toMatch(new RegExp(`Bundle verified: .*\\(run ${cert.run.runId}, INTERRUPTED, `));
      expect(readJson<Certification>(join(reports, 'certification', 'certification.json')).run.runId).toBe(
        cert.run.runId,
      );
      expect(readFileSync(join(reports, 'certification', 'index.html'), 'utf8')).toMatch(
        /<div id="verdict" data-verdict="interrupted">INTERRUPTED<\/div>/,
      );

      // Nothing of the previous run is left: every output is this run's, rendered from its journal
      // (junit.xml and the Allure results say INTERRUPTED too).
      expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toContain('INTERRUPTED');
      const published = readdirSync(reports).filter((f) => outputNames().includes(f));
      expect(published.sort()).toEqual(
        outputNames()
          .filter((n) => n !== 'allure-report')
          .sort(),
      );
      expect(readJson<{ runId: string }>(join(reports, 'run.json')).runId).toBe(cert.run.runId);
      expect(readdirSync(reports).filter((f) => f.startsWith('.'))).toEqual([]);
      expect(run.durationMs).toBeLessThan(Date.now() - startedAt + 1000);
    } finally {
      await mock.stop();
    }
  }, 300_000);
});
