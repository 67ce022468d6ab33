import type { TestProject } from 'vitest/node';
import { ConfigError } from '../errors.js';
import { startRun } from './start-run.js';

/** Starts the target (embedded mock or live), hands the run context to the workers, cleans up after. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let run;
  try {
    run = await startRun();
  } catch (err) {
    if (err instanceof ConfigError) {
      // One clear line, no stack: the CLI validates first, so this is reached only via plain vitest.
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  project.provide('run', run.info);
  return () => run.finish();
}
