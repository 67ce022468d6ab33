import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LedgerEntry } from '../core/events.js';
import { JOURNAL_FILE, readJournal } from '../core/journal-file.js';
import { acquireLock, type ReportsLock } from './lock.js';
import { makeScratch, PARTIAL_DIR, recoverPublication, sweepScratch, type Scratch } from './publish.js';

/** Created records no archived entry answers: a dead run's scratch with these is kept, not swept. */
function hasOpenRecords(work: string): boolean {
  const file = join(work, JOURNAL_FILE);
  if (!existsSync(file)) return false;
  const entries = readJournal(file).flatMap((e) => (e.type === 'ledger' ? [e.entry] : []));
  const archived = new Set(
    entries.filter((e) => e.event === 'archived').map((e) => `${e.target}/${e.resource}/${e.id}`),
  );
  const withdrawn = new Set(
    entries.filter((e) => e.event === 'withdrawn').map((e) => `${e.target}/${e.resource}/${JSON.stringify(e.locator)}`),
  );
  const open = (e: LedgerEntry) =>
    e.id === undefined
      ? !withdrawn.has(`${e.target}/${e.resource}/${JSON.stringify(e.locator)}`)
      : !archived.has(`${e.target}/${e.resource}/${e.id}`);
  return entries.some((e) => e.event === 'created' && open(e));
}

/**
 * Takes REPORTS_DIR for a run: its lock (a second run gets a ConfigError naming REPORTS_DIR and
 * the holder's pid), a publication a dead run left halfway finished, dead runs' scratch swept,
 * and this run's scratch directory made.
 */
export function claimReportsDir(
  reportsDir: string,
  runId: string,
  purpose: string,
): { lock: ReportsLock; scratch: Scratch; notes: string[] } {
  const lock = acquireLock(reportsDir, { runId, purpose });
  try {
    const notes: string[] = [];
    if (lock.tookOver) {
      const t = lock.tookOver;
      notes.push(
        `took over the lock of REPORTS_DIR from ${t.purpose} run ${t.runId} (pid ${t.pid}, started ${t.startedAt}), which ended without releasing it`,
      );
    }
    const recovered = recoverPublication(reportsDir);
    if (recovered) notes.push(recovered);
    const besideRecovered = recoverPublication(join(reportsDir, PARTIAL_DIR));
    if (besideRecovered) notes.push(besideRecovered);
    notes.push(...sweepScratch(reportsDir, runId, hasOpenRecords));
    return { lock, scratch: makeScratch(reportsDir, runId), notes };
  } catch (err) {
    lock.release();
    throw err;
  }
}
