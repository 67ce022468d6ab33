import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startVitest } from 'vitest/node';
import { loadSettings } from '../config.js';
import type { RunResults } from '../report/results.js';
import { handOver } from './handover.js';
import { startRun } from './start-run.js';

export interface SuiteRun {
  faults: readonly string[];
  reportsDir: string;
  seed?: number;
  quiet?: boolean;
  /** Run as against a live target: the trimmed property runs and sampled matrices of a rate-limited run. */
  frugal?: boolean;
  numRuns?: number;
}

/**
 * Runs the conformance suites once, in this process, against the conforming mock plus one mock
 * per fault, and returns every check's result (and the run's scratch directory, whose exchange
 * files the budget learner reads). The self-check, the flake check and `npm run budgets` use it.
 */
export async function runSuites(opts: SuiteRun): Promise<RunResults & { runDir: string }> {
  const dir = resolve(opts.reportsDir);
  rmSync(dir, { recursive: true, force: true });
  const settings = loadSettings(
    { REPORTS_DIR: dir, ...(opts.seed !== undefined ? { SEED: String(opts.seed) } : {}), ...(opts.numRuns !== undefined ? { NUM_RUNS: String(opts.numRuns) } : {}) },
    { dotenv: false },
  );
  const run = await startRun({ settings, faults: opts.faults, frugal: opts.frugal });
  handOver(run);
  try {
    const vitest = await startVitest(
      'test',
      [],
      {
        run: true,
        watch: false,
        project: ['conformance'],
        reporters: [opts.quiet ? 'dot' : 'default', './harness/report/results-reporter.ts'],
      },
      {},
    );
    await vitest.close();
  } finally {
    await run.finish();
  }
  const file = join(run.info.runDir, 'results.json');
  if (!existsSync(file)) throw new Error(`the suites produced no results (${file})`);
  return { ...(JSON.parse(readFileSync(file, 'utf8')) as RunResults), runDir: run.info.runDir };
}
