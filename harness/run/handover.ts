import type { StartedRun } from './start-run.js';

/**
 * A run started by a CLI in this process, handed to vitest's global setup. The global setup runs
 * in the same process and realm but loads its own copies of the harness modules, so the hand-over
 * goes through a registered symbol on globalThis rather than a module variable or the environment.
 */
const KEY = Symbol.for('partner-api-v2-conformance.run');

type Holder = { [KEY]?: StartedRun };

export function handOver(run: StartedRun): void {
  (globalThis as Holder)[KEY] = run;
}

/** The handed-over run, once: a later vitest start in the same process starts its own. */
export function takeOver(): StartedRun | undefined {
  const holder = globalThis as Holder;
  const run = holder[KEY];
  delete holder[KEY];
  return run;
}

/** The handed-over run, left in place: vitest's config reads it to size the workers before the global setup takes it. */
export function handedOver(): StartedRun | undefined {
  return (globalThis as Holder)[KEY];
}
