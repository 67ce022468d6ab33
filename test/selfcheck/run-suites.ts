import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startVitest } from 'vitest/node';
import type { RunResults } from '../../harness/report/results.js';

/**
 * Runs the conformance suites once, in this process, against the conforming mock plus one mock
 * per fault (CONFORMANCE_FAULTS), and returns every check's result.
 */
export async function runSuites(opts: { faults: readonly string[]; reportsDir: string; seed?: number; quiet?: boolean }): Promise<RunResults> {
  const dir = resolve(opts.reportsDir);
  rmSync(dir, { recursive: true, force: true });
  const saved = { ...process.env };
  process.env.CONFORMANCE_FAULTS = opts.faults.join(',');
  process.env.REPORTS_DIR = dir;
  delete process.env.CONFORMANCE_CLI;
  if (opts.seed !== undefined) process.env.SEED = String(opts.seed);
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
    for (const k of ['CONFORMANCE_FAULTS', 'REPORTS_DIR', 'SEED', 'CONFORMANCE_CLI']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  }
  const file = join(dir, '.run', 'results.json');
  if (!existsSync(file)) throw new Error(`the suites produced no results (${file})`);
  return JSON.parse(readFileSync(file, 'utf8')) as RunResults;
}
