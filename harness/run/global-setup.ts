import type { TestProject } from 'vitest/node';
import { embeddedSettings } from '../config.js';
import { ConfigError } from '../errors.js';
import { concludeRun } from './conclude.js';
import { takeOver } from './handover.js';
import { startRun } from './start-run.js';

/**
 * Hands the run context to the workers. A CLI (`npm run conformance`, the self-check) starts the
 * run itself and finishes it after vitest; plain vitest (`npm test`) gets an embedded run here,
 * which publishes its outputs into REPORTS_DIR when vitest closes (after the reporters ended).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const handed = takeOver();
  if (handed) {
    project.provide('run', handed.info);
    return undefined;
  }
  let run;
  try {
    run = await startRun({ settings: embeddedSettings(), purpose: 'vitest' });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  project.provide('run', run.info);
  const started = run;
  return async () => {
    try {
      await started.finish();
      concludeRun(started);
    } finally {
      started.close();
    }
  };
}
