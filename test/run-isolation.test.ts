import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerReport } from '../harness/cleanup.js';
import { LOCK_FILE } from '../harness/publish/lock.js';
import { verifyManifest } from '../harness/outputs/manifest.js';
import { startMock, type MockServer } from '../mock/server.js';
import { recordsCarrying } from './support/mock-records.js';
import { mockEnv, runConformanceCli, type CliRun } from './support/run-cli.js';

/**
 * One run, one truth: runs on one REPORTS_DIR never overlap, runs on one target touch only their
 * own records, and a run that certifies nothing leaves the previous outputs as they were.
 */
const root = mkdtempSync(join(tmpdir(), 'cnf-isolation-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** stderr without npm's and node's own notices. */
const errorLines = (r: CliRun) =>
  r.stderr.split('\n').filter((l) => l.trim() && !/^npm warn|ExperimentalWarning|--trace-warnings/i.test(l));
const output = (r: CliRun) => `${r.stdout}\n${r.stderr}`.slice(-3000);

let mock: MockServer;
beforeAll(async () => {
  // A little latency keeps the first run busy while the second one starts.
  mock = await startMock({ knobs: { latencyMs: 20 } });
});
afterAll(() => mock.stop());

describe('runs on one REPORTS_DIR', () => {
  const shared = join(root, 'shared');

  it('started together: one runs, the other exits 2 at once naming REPORTS_DIR and the pid that holds it', async () => {
    const env = { ...mockEnv(mock), REPORTS_DIR: shared, SEED: '11' };
    const runs = await Promise.all([
      runConformanceCli(env, ['-t', 'ITEM-PAGE']),
      runConformanceCli(env, ['-t', 'ITEM-PAGE']),
    ]);
    const winner = runs.find((r) => r.code === 0);
    const loser = runs.find((r) => r.code === 2);
    expect(winner, runs.map(output).join('\n-----\n')).toBeDefined();
    expect(loser, runs.map(output).join('\n-----\n')).toBeDefined();
    // One line naming REPORTS_DIR and the pid, which is the winner's (its start block prints it).
    const lines = errorLines(loser!);
    expect(lines, loser!.stderr).toHaveLength(1);
    const pid = /REPORTS_DIR (\S+) is in use by pid (\d+) /.exec(lines[0]!);
    expect(pid?.[1], lines[0]).toBe(shared);
    expect(winner!.stdout).toContain(`(pid ${pid?.[2]})`);
    expect(loser!.stderr).not.toMatch(/\n\s+at /);
    // At once: before it started a target or vitest, long before the winner ended.
    expect(loser!.stdout).not.toMatch(/Certifying/);
    expect(loser!.durationMs).toBeLessThan(winner!.durationMs);
    // The winner's set alone, and nothing left behind.
    expect(verifyManifest(join(shared, 'certification')).ok).toBe(true);
    expect(existsSync(join(shared, LOCK_FILE))).toBe(false);
    expect(existsSync(join(shared, '.runs'))).toBe(false);
  }, 240_000);

  it('a selection that matches nothing publishes nothing: the previous outputs stay whole', async () => {
    // A run that died without releasing the lock is taken over, and the run says whose it was.
    const dead = Number(
      spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout,
    );
    writeFileSync(
      join(shared, LOCK_FILE),
      JSON.stringify({
        pid: dead,
        host: hostname(),
        purpose: 'conformance',
        runId: 'killed-run',
        startedAt: '2026-01-01T00:00:00.000Z',
      }),
    );
    const before = readFileSync(join(shared, 'run.json'), 'utf8');
    const files = readdirSync(shared)
      .filter((f) => f !== LOCK_FILE)
      .sort();
    const r = await runConformanceCli({ ...mockEnv(mock), REPORTS_DIR: shared }, ['suites/no-such-suite']);
    expect(r.code, output(r)).toBe(2);
    expect(r.stdout).toMatch(
      new RegExp(`note: took over the lock of REPORTS_DIR from conformance run killed-run \\(pid ${dead}, `),
    );
    expect(r.stderr).toMatch(/no check matched the paths suites\/no-such-suite; nothing was certified or published/);
    expect(readFileSync(join(shared, 'run.json'), 'utf8')).toBe(before);
    expect(readdirSync(shared).sort()).toEqual(files);
    expect(verifyManifest(join(shared, 'certification')).ok).toBe(true);
    // The console names no file: this run wrote none.
    expect(r.stdout).not.toMatch(/Artifacts:/);
  }, 240_000);
});

describe('runs on one target from two machines (two REPORTS_DIRs)', () => {
  it("archive only their own records: no cleanup request names another run's id", async () => {
    const dirs = [join(root, 'machine-a'), join(root, 'machine-b')];
    const filter = ['-t', 'ITEM-CREATE|VEHICLE-CREATE|CUSTOMER-CREATE'];
    const runs = await Promise.all(
      dirs.map((d, i) => runConformanceCli({ ...mockEnv(mock), REPORTS_DIR: d, SEED: String(100 + i) }, filter)),
    );
    runs.forEach((r) => expect(r.code, output(r)).toBe(0));
    const ledgers = dirs.map((d) => JSON.parse(readFileSync(join(d, 'ledger.json'), 'utf8')) as LedgerReport);
    expect(ledgers[0]!.marker).not.toBe(ledgers[1]!.marker);
    for (const [i, ledger] of ledgers.entries()) {
      const other = ledgers[1 - i]!;
      expect(ledger.summary.created, `run ${i} created nothing to clean up`).toBeGreaterThan(0);
      // Its ledger holds its own records only, each under its own marker.
      for (const r of ledger.created) expect(r.marker.startsWith(`${ledger.marker}-`), r.marker).toBe(true);
      // An entry ledgered before its write names no id (its locator carries the run's marker).
      const ids = (l: typeof ledger) => new Set(l.created.map((r) => r.id).filter((id) => id !== undefined));
      const [mine, theirs] = [ids(ledger), ids(other)];
      expect([...mine].filter((id) => theirs.has(id))).toEqual([]);
      // Every id its cleanup sent (the PATCH bodies in its HAR) is one it created.
      const har = JSON.parse(readFileSync(join(dirs[i]!, 'exchanges.har'), 'utf8')) as {
        log: { entries: { _clause?: string; request: { method: string; postData?: { text?: string } } }[] };
      };
      const sent = har.log.entries
        .filter((e) => e._clause === 'cleanup' && e.request.method === 'PATCH')
        .flatMap((e) =>
          [...(e.request.postData?.text ?? '').matchAll(/"(?:itemId|vehicleId|customerId)":"([^"]+)"/g)].map(
            (m) => m[1]!,
          ),
        );
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.filter((id) => theirs.has(id) && !mine.has(id))).toEqual([]);
      // And nothing of its own stays active.
      const active = (await recordsCarrying(mock, ledger.marker)).filter((m) => m.state === 'Active');
      expect(active.map((a) => JSON.stringify(a.record).slice(0, 160))).toEqual([]);
    }
  }, 300_000);
});
