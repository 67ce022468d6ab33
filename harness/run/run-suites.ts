import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startVitest } from 'vitest/node';
import { loadSettings } from '../config.js';
import { readExchanges, type RecordedExchange } from '../exchange-log.js';
import { vitestReporters } from '../report/artifacts.js';
import type { RunResults } from '../report/results.js';
import { RAW_RESULTS } from '../report/results-reporter.js';
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
  /** Return the run's recorded exchanges too. */
  withExchanges?: boolean;
}

/**
 * Runs the conformance suites once, in this process, against the conforming mock plus one mock
 * per fault, and returns every check's result, and every recorded exchange when asked (the budget
 * learner counts them). The self-check, the flake check and `npm run budgets` use it.
 */
export async function runSuites(opts: SuiteRun): Promise<RunResults & { exchanges: RecordedExchange[] }> {
  const dir = resolve(opts.reportsDir);
  rmSync(dir, { recursive: true, force: true });
  const settings = loadSettings(
    { REPORTS_DIR: dir, ...(opts.seed !== undefined ? { SEED: String(opts.seed) } : {}), ...(opts.numRuns !== undefined ? { NUM_RUNS: String(opts.numRuns) } : {}) },
    { dotenv: false },
  );
  // An inner run in its own REPORTS_DIR (own lock, own scratch); it publishes nothing.
  const run = await startRun({ settings, faults: opts.faults, frugal: opts.frugal, purpose: 'selfcheck' });
  handOver(run);
  try {
    const vitest = await startVitest(
      'test',
      [],
      {
        run: true,
        watch: false,
        project: ['conformance'],
        reporters: vitestReporters({ stage: run.scratch.stage, console: opts.quiet ? 'dot' : 'default', outputs: false }) as never,
      },
      {},
    );
    await vitest.close();
    await run.finish();
    const file = join(run.info.runDir, RAW_RESULTS);
    if (!existsSync(file)) throw new Error(`the suites produced no results (${file})`);
    const exchanges = opts.withExchanges ? readExchanges(run.info.runDir) : [];
    return { ...(JSON.parse(readFileSync(file, 'utf8')) as RunResults), exchanges };
  } finally {
    await run.finish();
    run.close();
  }
}
