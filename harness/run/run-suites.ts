import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadSettings } from '../config.js';
import type { CheckOutcome, JournalEvent, RecordedExchange } from '../core/events.js';
import { launchChecks } from './launch.js';
import { startRun } from './start-run.js';
import type { EmbeddedFront } from '../target.js';

export interface SuiteRun {
  faults: readonly string[];
  /** Servers in front of embedded mocks (test/family/), each run beside the conforming mock. */
  fronts?: readonly EmbeddedFront[];
  reportsDir: string;
  seed?: number;
  /** Run as against a live target: the trimmed property runs and sampled matrices of a rate-limited run. */
  frugal?: boolean;
  numRuns?: number;
  /** CONFORMANCE_MODE for the run (budgets learn the read-only plan too). */
  mode?: 'full' | 'readonly';
  maxWorkers?: number;
  /** Checks in flight per file (harness/run/launch.ts). */
  maxConcurrency?: number;
  /** CONSISTENCY_WINDOW_MS for the run. */
  consistencyWindowMs?: number;
  /** Suite paths and a -t pattern, as `npm run conformance` takes them (default: every check). */
  selection?: { paths?: string[]; pattern?: string };
  /**
   * Deterministic order (`npm run budgets`): files by path on the given workers, one check at a time
   * within a file, so no check sees records another made at a time that varies from run to run.
   */
  sequential?: boolean;
}

export interface SuiteResults {
  /** Every check's outcome, of every target. */
  checks: CheckOutcome[];
  runErrors: string[];
  /** Every exchange journaled (bodies only for the conforming mock's). */
  exchanges: RecordedExchange[];
  events: readonly JournalEvent[];
}

/**
 * Runs the conformance suites once, in this process, against the conforming mock plus one mock
 * per fault, and returns every check's outcome from the run's journal. The self-check, the flake
 * check and `npm run budgets` use it; it publishes nothing.
 */
export async function runSuites(opts: SuiteRun): Promise<SuiteResults> {
  const dir = resolve(opts.reportsDir);
  rmSync(dir, { recursive: true, force: true });
  const settings = loadSettings(
    {
      REPORTS_DIR: dir,
      ...(opts.seed !== undefined ? { SEED: String(opts.seed) } : {}),
      ...(opts.numRuns !== undefined ? { NUM_RUNS: String(opts.numRuns) } : {}),
      ...(opts.mode ? { CONFORMANCE_MODE: opts.mode } : {}),
      ...(opts.consistencyWindowMs !== undefined ? { CONSISTENCY_WINDOW_MS: String(opts.consistencyWindowMs) } : {}),
    },
    { dotenv: false },
  );
  // An inner run in its own REPORTS_DIR (own lock, own scratch).
  const run = await startRun({
    settings,
    faults: opts.faults,
    fronts: opts.fronts,
    frugal: opts.frugal,
    purpose: 'selfcheck',
    ...(opts.selection ? { selection: opts.selection } : {}),
  });
  try {
    const launch = await launchChecks({
      info: run.info,
      files: run.files,
      // Sequential runs order by path alone: weights come from the budgets being learned.
      weights: opts.sequential ? new Map() : run.weights,
      ...(opts.sequential ? { sequential: true } : {}),
      ...(opts.selection?.pattern ? { pattern: opts.selection.pattern } : {}),
      maxWorkers: opts.maxWorkers ?? settings.vitestMaxWorkers ?? 4,
      ...(opts.maxConcurrency ? { maxConcurrency: opts.maxConcurrency } : {}),
      runError: (m) => run.hub.runError(m),
    });
    await launch.done;
    await run.settle();
    const events = run.hub.events();
    return {
      checks: run.hub.outcomes(),
      runErrors: events.flatMap((e) => (e.type === 'run-error' ? [e.message] : [])),
      exchanges: events.flatMap((e) => (e.type === 'exchange' ? [e.exchange] : [])),
      events,
    };
  } finally {
    await run.settle();
    run.close();
  }
}
