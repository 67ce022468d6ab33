import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LedgerReport } from '../harness/cleanup.js';
import { startMock } from '../mock/server.js';
import { recordsCarrying } from './support/mock-records.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';

const reports = mkdtempSync(join(tmpdir(), 'cnf-interrupted-'));
afterAll(() => rmSync(reports, { recursive: true, force: true }));

describe('a run interrupted by SIGTERM', () => {
  it('archives what it created before leaving, writes the ledger, and exits 143', async () => {
    // Some latency keeps the run going long enough to interrupt it in the middle.
    const mock = await startMock({ knobs: { latencyMs: 40 } });
    let signalled = false;
    try {
      const run = await runConformanceCli({ ...mockEnv(mock), REPORTS_DIR: reports, SEED: '8080' }, [], {
        timeoutMs: 240_000,
        onStart: (child) => {
          const watch = setInterval(() => {
            // Wait for records the cleanup can archive: rejected creates and the auth matrix's 401s
            // are POSTs too, and appointment requests have no documented archive.
            const archivable = mock.requestLog.filter((r) => r.method === 'POST' && r.status < 300 && /\/v2\/(items|vehicles|customers)$/.test(r.path));
            if (archivable.length >= 5) {
              clearInterval(watch);
              signalled = true;
              child.kill('SIGTERM');
            }
          }, 20);
          child.on('close', () => clearInterval(watch));
        },
      });
      const output = `${run.stdout}\n${run.stderr}`;
      expect(signalled, 'the run ended before it could be interrupted').toBe(true);
      expect(run.code, output.slice(-3000)).toBe(143);
      expect(output).toMatch(/SIGTERM: archiving the records this run created/);
      expect(existsSync(join(reports, 'exchanges.har'))).toBe(true);
      const ledger = JSON.parse(readFileSync(join(reports, 'ledger.json'), 'utf8')) as LedgerReport;
      expect(ledger.trigger).toBe('SIGTERM');
      // What the cleanup archives depends on where the signal lands; what must hold is that it left
      // nothing archivable behind: only appointment requests, which have no documented archive.
      expect(ledger.summary.created).toBeGreaterThan(0);
      expect(ledger.summary.archivedByChecks + ledger.summary.archivedByCleanup).toBeGreaterThan(0);
      expect(ledger.leftovers.filter((l) => l.resource !== 'appointmentRequest').map((l) => `${l.resource} ${l.id}: ${l.reason}`)).toEqual([]);
      const active = (await recordsCarrying(mock, ledger.marker)).filter((m) => m.state === 'Active');
      expect(active.map((a) => JSON.stringify(a.record).slice(0, 160))).toEqual([]);
    } finally {
      await mock.stop();
    }
  }, 300_000);
});
