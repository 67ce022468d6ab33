import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { outputNames } from '../outputs/registry.js';
import { commandLine } from '../core/invocation.js';

/**
 * A run's outputs are one set: published together when the run ends, or not at all.
 *
 * Each run works in its own scratch directory, REPORTS_DIR/.runs/<run id>/: `work/` for the
 * journal the main process writes while the run goes, `out/` for the outputs it stages. Nothing in REPORTS_DIR itself changes until the run publishes:
 *
 *   1. every output is staged, complete, in `out/`;
 *   2. the journal REPORTS_DIR/.publish.json is written (temp file, fsync, rename): from here on the
 *      publication is decided and only rolls forward;
 *   3. for every name of the output registry: the previous run's copy, if any, is moved into
 *      `.runs/<run id>/previous/`, and this run's copy, if it staged one, is renamed into place;
 *   4. the journal is removed (the set is published), then `previous/` and the scratch directory.
 *
 * Every step is a rename within one file system. A process that dies between 2 and 4 leaves the
 * journal; the next run, merge or report on that directory finishes the same steps (they are
 * idempotent: a staged file still in `out/` has not been moved yet, and the name it goes to then
 * still holds the previous copy). A process that dies before 2 leaves the previous set untouched.
 * So REPORTS_DIR holds one run's set or the other's, never a mix once a publication is settled,
 * and no file of the previous set survives beside a new one.
 */
export const RUNS_DIR = '.runs';
/** Where a partial run's set goes when REPORTS_DIR holds a full certification (REPORTS_DIR/partial/): see concludeRun. */
export const PARTIAL_DIR = 'partial';
export const JOURNAL = '.publish.json';

export interface Scratch {
  /** REPORTS_DIR/.runs/<run id> */
  root: string;
  /** The run's journal (written by the main process only) while the run goes. */
  work: string;
  /** The staged outputs. */
  stage: string;
}

interface Journal {
  runId: string;
  stage: string;
  previous: string;
  /** Every registry name: each ends as this run's copy, or absent. */
  names: string[];
  /** The names this run staged. */
  staged: string[];
}

export function scratchOf(reportsDir: string, runId: string): Scratch {
  const root = join(reportsDir, RUNS_DIR, runId);
  return { root, work: join(root, 'work'), stage: join(root, 'out') };
}

export function makeScratch(reportsDir: string, runId: string): Scratch {
  const s = scratchOf(reportsDir, runId);
  rmSync(s.root, { recursive: true, force: true });
  mkdirSync(s.work, { recursive: true });
  mkdirSync(s.stage, { recursive: true });
  return s;
}

/** Removes REPORTS_DIR/.runs when no run has scratch in it. */
export function removeIfEmpty(dir: string): void {
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    /* absent, or another run's scratch appeared */
  }
}

function writeDurably(file: string, text: string): void {
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/** Self-tests: a process that dies after this many renames (see test/publish.test.ts). */
export class SimulatedCrash extends Error {}

function rollForward(reportsDir: string, j: Journal, crashAfter = Infinity): void {
  mkdirSync(j.previous, { recursive: true });
  const staged = new Set(j.staged);
  let renames = 0;
  const rename = (from: string, to: string) => {
    if (renames++ >= crashAfter) throw new SimulatedCrash(`stopped after ${crashAfter} renames`);
    renameSync(from, to);
  };
  for (const name of j.names) {
    const dest = join(reportsDir, name);
    const mine = join(j.stage, name);
    const aside = () => {
      if (!existsSync(dest)) return;
      const old = join(j.previous, name);
      rmSync(old, { recursive: true, force: true });
      rename(dest, old);
    };
    if (!staged.has(name)) aside();
    else if (existsSync(mine)) {
      aside();
      rename(mine, dest);
    }
    // staged and no longer in out/: already in place.
  }
  rmSync(join(reportsDir, JOURNAL), { force: true });
}

/** The names a stage holds, in registry order; anything else in it is a bug, refused before publishing. */
export function stagedNames(stage: string): string[] {
  const present = new Set(readdirSync(stage));
  const known = outputNames();
  const unknown = [...present].filter((n) => !known.includes(n));
  if (unknown.length)
    throw new Error(
      `staged outputs outside the output registry: ${unknown.join(', ')} (add them to harness/outputs/registry.ts)`,
    );
  return known.filter((n) => present.has(n));
}

/**
 * Publishes the staged set of `scratch` into REPORTS_DIR, replacing the previous set whole, and
 * removes the scratch directory. Call it holding REPORTS_DIR's lock. Returns the published names.
 */
export function publish(
  reportsDir: string,
  scratch: Scratch,
  runId: string,
  o: { crashAfterRenames?: number } = {},
): string[] {
  const staged = stagedNames(scratch.stage);
  const journal: Journal = {
    runId,
    stage: scratch.stage,
    previous: join(scratch.root, 'previous'),
    names: outputNames(),
    staged,
  };
  writeDurably(join(reportsDir, JOURNAL), JSON.stringify(journal, null, 2));
  rollForward(reportsDir, journal, o.crashAfterRenames);
  rmSync(scratch.root, { recursive: true, force: true });
  removeIfEmpty(join(reportsDir, RUNS_DIR));
  return staged;
}

/**
 * Finishes a publication a dead process left halfway (its journal is still there). Call it
 * holding the lock, before anything else touches REPORTS_DIR. Returns a line for the console.
 */
export function recoverPublication(reportsDir: string): string | undefined {
  const file = join(reportsDir, JOURNAL);
  if (!existsSync(file)) return undefined;
  let j: Journal;
  try {
    j = JSON.parse(readFileSync(file, 'utf8')) as Journal;
  } catch {
    rmSync(file, { force: true });
    return `removed an unreadable publication journal ${file}`;
  }
  rollForward(reportsDir, j);
  rmSync(join(reportsDir, RUNS_DIR, j.runId), { recursive: true, force: true });
  removeIfEmpty(join(reportsDir, RUNS_DIR));
  return `finished publishing the outputs of run ${j.runId}, which stopped halfway through publishing them`;
}

/**
 * Scratch directories of runs that are no longer running (the caller holds the lock, so no other
 * run is). One without a created record is removed; one whose ledger lists created records is
 * kept, since only it knows those records: the line returned says where.
 */
export function sweepScratch(reportsDir: string, keep: string, hasRecords: (work: string) => boolean): string[] {
  // The shared scratch directory of older versions.
  rmSync(join(reportsDir, '.run'), { recursive: true, force: true });
  const root = join(reportsDir, RUNS_DIR);
  if (!existsSync(root)) return [];
  const notes: string[] = [];
  for (const id of readdirSync(root)) {
    if (id === keep || id.endsWith('.abandoned')) continue;
    const s = scratchOf(reportsDir, id);
    if (existsSync(s.work) && hasRecords(s.work)) {
      renameSync(s.root, `${s.root}.abandoned`);
      notes.push(
        `run ${id} ended without finishing: the records it created are in its journal; archive them with ${commandLine('cleanup', `${s.root}.abandoned/work/journal.jsonl`)} (a run archives only its own)`,
      );
    } else rmSync(s.root, { recursive: true, force: true });
  }
  return notes;
}
