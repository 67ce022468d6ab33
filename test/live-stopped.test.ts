import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LedgerReport } from '../harness/cleanup.js';
import type { PacingReport } from '../harness/pacing/index.js';
import { startMock } from '../mock/server.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';

const reports = mkdtempSync(join(tmpdir(), 'cnf-stopped-'));
afterAll(() => (process.env.KEEP_REPORTS ? undefined : rmSync(reports, { recursive: true, force: true })));

describe('the target stops halfway through the run', () => {
  it('ends with exit 3 (inconclusive), soon, with the unanswered requests counted', async () => {
    const mock = await startMock();
    let stoppedAt: number | undefined;
    const watch = setInterval(() => {
      if (stoppedAt === undefined && mock.requestLog.length >= 300) {
        stoppedAt = performance.now();
        void mock.stop();
      }
    }, 20);
    try {
      const run = await runConformanceCli({ ...mockEnv(mock), REPORTS_DIR: reports, SEED: '5150' }, [], {
        timeoutMs: 240_000,
      });
      const output = `${run.stdout}\n${run.stderr}`;
      expect(stoppedAt, 'the run ended before the target was stopped').toBeDefined();
      expect(run.signal, output.slice(-3000)).toBeNull();
      expect(run.code, output.slice(-3000)).toBe(3);
      const pacing = JSON.parse(readFileSync(join(reports, 'pacing.json'), 'utf8')) as PacingReport;
      expect(Object.values(pacing.unanswered).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(pacing.targetDownEvents).toBeGreaterThan(0);
      // What the run created before the stop cannot be archived now; the ledger says so.
      const ledger = JSON.parse(readFileSync(join(reports, 'ledger.json'), 'utf8')) as LedgerReport;
      expect(ledger.summary.archivedByCleanup).toBe(0);
      for (const l of ledger.leftovers)
        expect(l.resource === 'appointmentRequest' || /no answer/.test(l.reason), l.reason).toBe(true);
      const cert = JSON.parse(readFileSync(join(reports, 'certification.json'), 'utf8')) as {
        verdict: string;
        summary: Record<string, number>;
      };
      expect(cert.verdict).toBe('inconclusive');
      expect(cert.summary.failed).toBe(0);
      // The console and the certification say why: when the target stopped, and how many checks got no answer.
      expect(pacing.targetDownAt).toBeDefined();
      const cause =
        /why: the target stopped answering at (\d\d:\d\d:\d\d) UTC; (\d+) check\(s\) without an answer/.exec(
          run.stdout,
        );
      expect(cause, run.stdout.slice(-2000)).not.toBeNull();
      expect(cause![1]).toBe(pacing.targetDownAt!.slice(11, 19));
      expect(Number(cause![2])).toBeGreaterThan(0);
      expect((cert as { verdictCause?: string }).verdictCause).toMatch(/^the target stopped answering at /);
      // Timeouts and refused connections read as such, not as undici's error names.
      expect(readFileSync(join(reports, 'certification.json'), 'utf8')).not.toMatch(
        /Headers Timeout Error|Body Timeout Error|Connect Timeout Error/,
      );
      // From the stop to the exit: bounded by fail-fast, not by timeouts and retries per request.
      expect(performance.now() - stoppedAt!).toBeLessThan(90_000);
    } finally {
      clearInterval(watch);
      await mock.stop();
    }
  }, 300_000);
});
