import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../core/errors.js';

/**
 * One writer per reports directory: a run (or merge-reports, or npm run report) holds
 * REPORTS_DIR/.lock from its start to its end. A second one refuses at once, naming the
 * directory and the pid that holds it. A lock whose process is gone (killed, machine rebooted)
 * is taken over, and the caller says so.
 *
 * The lock file is created complete in one step (written beside it, then hard-linked into place,
 * which fails when the name exists), so a reader never sees a half-written lock.
 */
export const LOCK_FILE = '.lock';

export interface LockInfo {
  pid: number;
  host: string;
  /** What holds it: 'conformance', 'merge-reports', 'report', 'vitest'. */
  purpose: string;
  runId: string;
  startedAt: string;
  /** Linux boot id and the process's start tick: a pid reused after a reboot or by another process is not the holder. */
  bootId?: string;
  pidStart?: string;
}

export interface ReportsLock {
  dir: string;
  file: string;
  info: LockInfo;
  /** The lock of a process that ended without releasing it, taken over by this one. */
  tookOver?: LockInfo;
  /** Removes the lock, when it is still this process's. */
  release(): void;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim();

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function pidStart(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function parse(text: string | undefined): LockInfo | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as LockInfo;
    return typeof v.pid === 'number' && typeof v.host === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the holder still runs: true, false, or 'unknown' (another machine: only its owner can tell). */
export function holderState(info: LockInfo): boolean | 'unknown' {
  if (info.host !== hostname()) return 'unknown';
  const boot = bootId();
  if (info.bootId && boot && info.bootId !== boot) return false;
  try {
    process.kill(info.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const started = pidStart(info.pid);
  if (info.pidStart && started !== undefined && started !== info.pidStart) return false;
  if (info.pidStart && started === undefined && boot) return false; // /proc works here, and has no such process
  return true;
}

const same = (a: LockInfo, b: LockInfo) =>
  a.pid === b.pid && a.host === b.host && a.runId === b.runId && a.startedAt === b.startedAt;

function heldMessage(dir: string, file: string, held: LockInfo, state: true | 'unknown'): string {
  const who = `pid ${held.pid}${state === 'unknown' ? ` on ${held.host}` : ''} (${held.purpose} run ${held.runId}, started ${held.startedAt})`;
  return state === 'unknown'
    ? `REPORTS_DIR ${dir} is locked by ${who}; if that run is gone, delete ${file}, or set REPORTS_DIR to another directory`
    : `REPORTS_DIR ${dir} is in use by ${who}; wait for it to end or set REPORTS_DIR to another directory`;
}

/** Takes REPORTS_DIR's lock, or throws ConfigError naming REPORTS_DIR and the holder's pid. */
export function acquireLock(dir: string, o: { runId: string; purpose: string }): ReportsLock {
  const file = join(dir, LOCK_FILE);
  const info: LockInfo = {
    pid: process.pid,
    host: hostname(),
    purpose: o.purpose,
    runId: o.runId,
    startedAt: new Date().toISOString(),
    bootId: bootId(),
    pidStart: pidStart(process.pid),
  };
  const tag = `${process.pid}.${randomBytes(3).toString('hex')}`;
  const mine = join(dir, `.lock.${tag}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(mine, JSON.stringify(info, null, 2));
  } catch (err) {
    throw new ConfigError(`REPORTS_DIR ${dir} cannot be written: ${(err as Error).message}`);
  }
  let tookOver: LockInfo | undefined;
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, file);
        const lock: ReportsLock = {
          dir,
          file,
          info,
          tookOver,
          release: () => {
            const now = parse(readText(file));
            if (now && same(now, info)) unlinkSync(file);
          },
        };
        return lock;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
          throw new ConfigError(`REPORTS_DIR ${dir}: cannot create ${file}: ${(err as Error).message}`);
      }
      const text = readText(file);
      if (text === undefined) continue; // released meanwhile: try again
      const held = parse(text);
      if (held) {
        const state = holderState(held);
        if (state !== false) throw new ConfigError(heldMessage(dir, file, held, state));
      } else if (Date.now() - statSync(file).mtimeMs < 10_000) {
        throw new ConfigError(
          `REPORTS_DIR ${dir} has an unreadable lock ${file}, written just now; retry, or delete it if no run uses the directory`,
        );
      }
      // The holder is gone: move its lock aside, and make sure it was that one we moved.
      const aside = join(dir, `.lock.stale.${tag}`);
      try {
        renameSync(file, aside);
      } catch {
        continue;
      }
      const moved = parse(readText(aside));
      if (held && moved && !same(moved, held)) {
        // Another run took the stale lock over in between: give its lock back and look again.
        try {
          linkSync(aside, file);
        } catch {
          /* a third run holds it now; the next attempt sees that */
        }
        unlinkSync(aside);
        continue;
      }
      unlinkSync(aside);
      tookOver = held ?? { pid: 0, host: '?', purpose: 'unknown', runId: 'unknown', startedAt: '?' };
    }
    throw new ConfigError(`REPORTS_DIR ${dir}: could not take the lock ${file} (other runs keep taking it)`);
  } finally {
    try {
      unlinkSync(mine);
    } catch {
      /* already gone */
    }
  }
}

/** The lock's holder, when there is one (for messages and self-tests). */
export function readLock(dir: string): LockInfo | undefined {
  return parse(readText(join(dir, LOCK_FILE)));
}
