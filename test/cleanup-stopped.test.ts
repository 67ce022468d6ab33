import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certification } from '../harness/certify/certify.js';
import type { LedgerReport } from '../harness/core/events.js';
import { startMock, type MockServer } from '../mock/server.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';

/**
 * A Ctrl-C as the cleanup begins, once every check has finished (issue 26: "INTERRUPTED … after
 * 177 finished check(s)"): the run's verdict is published, not INTERRUPTED, with what the cleanup
 * archived, what is left and the command to finish, which then converges.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'cnf-cleanup-stopped-'));
let mock: MockServer;
beforeAll(async () => {
  // A slow target, so the cleanup is still under way when the signal lands.
  mock = await startMock({ knobs: { latencyMs: 300 } });
});
afterAll(async () => {
  await mock.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a signal during the cleanup of a finished run', () => {
  it('publishes the verdict with the cleanup state, and the command it names finishes it', async () => {
    let signalled = false;
    const r = await runConformanceCli(
      { ENV_FILE: '/dev/null', REPORTS_DIR: dir, ...mockEnv(mock), MAX_CONCURRENCY: '2' },
      ['-t', '^(VEHICLE|ITEM|CUSTOMER)-CREATE'],
      {
        timeoutMs: 240_000,
        onStart: (child) => {
          const watch = (c: Buffer) => {
            if (!signalled && c.toString().includes('cleanup: archiving')) {
              signalled = true;
              child.kill('SIGINT');
            }
          };
          child.stdout?.on('data', watch);
          child.stderr?.on('data', watch);
        },
      },
    );
    const out = r.stdout + r.stderr;
    expect(signalled, out.slice(-2000)).toBe(true);
    expect(out).toMatch(/SIGINT: every check had finished; stopping the cleanup/);
    const cert = JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8')) as Certification;
    expect(cert.verdict, out.slice(-2000)).not.toBe('interrupted');
    expect(out).not.toMatch(/INTERRUPTED/);
    // Stopped by a signal: its exit code (npm and its shell would report it anyway), with the run's own verdict published.
    expect(r.code, out.slice(-2000)).toBe(130);
    expect(out).toMatch(/Verdict: (CONFORMANT|PASSED)/);
    const ledger = JSON.parse(readFileSync(join(dir, 'ledger.json'), 'utf8')) as LedgerReport;
    const s = ledger.summary;
    expect(s.created).toBeGreaterThan(0);
    expect(s.archivedByChecks + s.archivedByCleanup + s.leftovers).toBe(s.created);
    const stopped = ledger.leftovers.filter((x) => /stopped by SIGINT/.test(x.reason));
    if (stopped.length) expect(out).toMatch(/still active; finish with: npm run cleanup -- \S+ledger\.json/);
    else expect(out).toMatch(/every record it had to archive was archived/);
    // The command it names converges: nothing of the run is left active afterwards, twice.
    const env = { ...process.env, ...mockEnv(mock), ENV_FILE: '/dev/null', CONFORMANCE_CONFIG: '/dev/null' };
    // Spawned, not spawnSync: the mock answers from this process.
    const cleanup = () =>
      new Promise<{ code: number | null; out: string }>((done) => {
        const c = spawn(process.execPath, ['--', 'bin/partner-conformance.js', 'cleanup', join(dir, 'ledger.json')], {
          cwd: root,
          env,
        });
        let text = '';
        c.stdout.on('data', (d: Buffer) => (text += d.toString()));
        c.stderr.on('data', (d: Buffer) => (text += d.toString()));
        c.on('close', (code) => done({ code, out: text }));
      });
    for (let i = 0; i < 2; i++) {
      const c = await cleanup();
      expect(c.code, c.out).toBe(0);
    }
    expect(existsSync(join(dir, '.lock'))).toBe(false);
  }, 300_000);
});
