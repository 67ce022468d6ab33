import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../harness/core/errors.js';
import { outputNames } from '../harness/outputs/registry.js';
import { acquireLock, LOCK_FILE, readLock, type LockInfo } from '../harness/publish/lock.js';
import {
  JOURNAL,
  makeScratch,
  publish,
  recoverPublication,
  RUNS_DIR,
  SimulatedCrash,
  stagedNames,
} from '../harness/publish/publish.js';
import { claimReportsDir } from '../harness/publish/reports-dir.js';

const root = mkdtempSync(join(tmpdir(), 'cnf-publish-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => {
  const d = join(root, `r${++n}`);
  mkdirSync(d);
  return d;
};

/** A previous run's full set (every registry name), plus files that are not a run's and must never be touched. */
function previousSet(dir: string): void {
  for (const name of outputNames()) {
    if (name.includes('.')) writeFileSync(join(dir, name), `old ${name}`);
    else {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'old.txt'), `old ${name}`);
    }
  }
  writeFileSync(join(dir, 'README.md'), 'kept');
  writeFileSync(join(dir, 'selfcheck.json'), 'kept');
  mkdirSync(join(dir, 'screenshots'));
}

/** A new run's staged set: a few files and the bundle, no junit.xml, no allure-results, no allure-report. */
function stageNewSet(dir: string, runId: string) {
  const scratch = makeScratch(dir, runId);
  for (const f of ['certification.json', 'certification.md', 'ledger.json', 'run.json'])
    writeFileSync(join(scratch.stage, f), `new ${f}`);
  mkdirSync(join(scratch.stage, 'certification'));
  writeFileSync(join(scratch.stage, 'certification', 'index.html'), 'new page');
  return scratch;
}

/** What REPORTS_DIR must hold once the new set is published: the new set, the untouched files, nothing of the old set. */
function expectNewSet(dir: string): void {
  const entries = readdirSync(dir)
    .filter((e) => e !== LOCK_FILE)
    .sort();
  expect(entries).toEqual(
    [
      'README.md',
      'certification',
      'certification.json',
      'certification.md',
      'ledger.json',
      'run.json',
      'screenshots',
      'selfcheck.json',
    ].sort(),
  );
  for (const f of ['certification.json', 'certification.md', 'ledger.json', 'run.json'])
    expect(readFileSync(join(dir, f), 'utf8')).toBe(`new ${f}`);
  expect(readdirSync(join(dir, 'certification'))).toEqual(['index.html']);
  expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('kept');
}

describe("publishing a run's outputs as one set", () => {
  it('replaces the previous set whole: no file of it survives beside the new one, other files are untouched', () => {
    const dir = freshDir();
    previousSet(dir);
    const scratch = stageNewSet(dir, 'run-new');
    expect(publish(dir, scratch, 'run-new')).toEqual([
      'certification',
      'certification.md',
      'certification.json',
      'ledger.json',
      'run.json',
    ]);
    expectNewSet(dir);
    expect(existsSync(join(dir, RUNS_DIR))).toBe(false);
    expect(existsSync(join(dir, JOURNAL))).toBe(false);
  });

  it('after a crash at any rename, the next start finishes the publication: the new set, never a mix', () => {
    // How many renames a full publication makes: one per old name moved aside, one per new name moved in.
    const probe = freshDir();
    previousSet(probe);
    const total = outputNames().length + 5;
    for (let k = 0; k <= total; k++) {
      const dir = freshDir();
      previousSet(dir);
      const scratch = stageNewSet(dir, `run-${k}`);
      let crashed = false;
      try {
        publish(dir, scratch, `run-${k}`, { crashAfterRenames: k });
      } catch (err) {
        expect(err).toBeInstanceOf(SimulatedCrash);
        crashed = true;
      }
      if (crashed) {
        expect(existsSync(join(dir, JOURNAL)), `k=${k}`).toBe(true);
        expect(recoverPublication(dir)).toMatch(/finished publishing the outputs of run run-/);
      }
      expectNewSet(dir);
      expect(existsSync(join(dir, RUNS_DIR, `run-${k}`))).toBe(false);
    }
  });

  it('a run that dies before writing its journal leaves the previous set as it was', () => {
    const dir = freshDir();
    previousSet(dir);
    stageNewSet(dir, 'run-dead');
    // The next run sweeps the dead run's scratch (no created records) and finds the old set intact.
    const claim = claimReportsDir(dir, 'run-next', 'conformance');
    claim.lock.release();
    expect(readFileSync(join(dir, 'run.json'), 'utf8')).toBe('old run.json');
    expect(readdirSync(join(dir, RUNS_DIR))).toEqual(['run-next']);
  });

  it('keeps the scratch of a dead run that created records, and says where', () => {
    const dir = freshDir();
    const dead = makeScratch(dir, 'run-killed');
    const entry = { event: 'created', resource: 'item', id: 'it_1', target: 'main', marker: 'cnf-x-1', at: 'now' };
    writeFileSync(
      join(dead.work, 'journal.jsonl'),
      `${JSON.stringify({ type: 'ledger', at: 'now', runId: 'run-killed', entry })}\n`,
    );
    const claim = claimReportsDir(dir, 'run-next', 'conformance');
    claim.lock.release();
    expect(claim.notes.join('\n')).toMatch(
      /run run-killed ended without finishing: the records it created are in its journal; archive them with npm run cleanup -- .*run-killed\.abandoned\/work\/journal\.jsonl/,
    );
    expect(existsSync(join(dir, RUNS_DIR, 'run-killed.abandoned', 'work', 'journal.jsonl'))).toBe(true);
  });

  it('refuses to publish a staged file the output registry does not know', () => {
    const dir = freshDir();
    const scratch = makeScratch(dir, 'run-x');
    writeFileSync(join(scratch.stage, 'surprise.txt'), '?');
    expect(() => stagedNames(scratch.stage)).toThrow(/outside the output registry: surprise\.txt/);
  });
});

describe('the lock on REPORTS_DIR', () => {
  const deadPid = () => {
    const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    return Number(r.stdout);
  };
  const writeLock = (dir: string, info: Partial<LockInfo>) =>
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({
        pid: 1,
        host: hostname(),
        purpose: 'conformance',
        runId: 'old-run',
        startedAt: '2026-01-01T00:00:00.000Z',
        ...info,
      }),
    );

  it('a second holder gets a ConfigError naming REPORTS_DIR and the pid that holds it', () => {
    const dir = freshDir();
    const lock = acquireLock(dir, { runId: 'first', purpose: 'conformance' });
    let err: unknown;
    try {
      acquireLock(dir, { runId: 'second', purpose: 'conformance' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe(
      `REPORTS_DIR ${dir} is in use by pid ${process.pid} (conformance run first, started ${lock.info.startedAt}); wait for it to end or set REPORTS_DIR to another directory`,
    );
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    acquireLock(dir, { runId: 'third', purpose: 'conformance' }).release();
  });

  it('takes over the lock of a process that is gone, and reports whose it was', () => {
    const dir = freshDir();
    const pid = deadPid();
    writeLock(dir, { pid, runId: 'crashed' });
    const lock = acquireLock(dir, { runId: 'next', purpose: 'conformance' });
    expect(lock.tookOver).toMatchObject({ pid, runId: 'crashed' });
    expect(readLock(dir)).toMatchObject({ pid: process.pid, runId: 'next' });
    lock.release();
  });

  it('takes over a lock from before a reboot, even when its pid is alive now', () => {
    const dir = freshDir();
    writeLock(dir, { pid: process.pid, bootId: 'another-boot', runId: 'before-reboot' });
    const lock = acquireLock(dir, { runId: 'next', purpose: 'conformance' });
    // Without /proc (not Linux) the boot id is unknown and the live pid keeps the lock: nothing to assert there.
    if (existsSync('/proc/sys/kernel/random/boot_id')) expect(lock.tookOver?.runId).toBe('before-reboot');
    lock.release();
  });

  it('never takes over the lock of another machine: it names the host and the file to delete', () => {
    const dir = freshDir();
    writeLock(dir, { pid: 4242, host: 'ci-runner-7' });
    expect(() => acquireLock(dir, { runId: 'next', purpose: 'conformance' })).toThrow(
      /is locked by pid 4242 on ci-runner-7 .* if that run is gone, delete .*\.lock/,
    );
  });

  it("release leaves another process's lock alone", () => {
    const dir = freshDir();
    const lock = acquireLock(dir, { runId: 'mine', purpose: 'conformance' });
    writeLock(dir, { pid: process.pid, runId: 'someone-else' });
    lock.release();
    expect(readLock(dir)?.runId).toBe('someone-else');
  });
});
